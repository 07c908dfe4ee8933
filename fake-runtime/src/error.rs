//! The runtime's one error type. Every variant carries what went wrong and
//! the offending values, so a message can be acted on without a debugger.

use thiserror::Error;

/// Result with the runtime's [`Error`](struct@Error).
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// An error of the runtime: a boxed [`ErrorKind`], so that results on hot
/// paths stay two words wide (as `std::io::Error` and `serde_json::Error`
/// do). Match on [`Error::kind`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(transparent)]
pub struct Error(Box<ErrorKind>);

impl Error {
    /// An [`ErrorKind::InvalidArgument`]: `op` refuses its arguments for
    /// `reason`.
    pub fn invalid(op: &str, reason: impl Into<String>) -> Self {
        ErrorKind::InvalidArgument {
            op: op.to_string(),
            reason: reason.into(),
        }
        .into()
    }

    /// What went wrong, with the offending values.
    pub fn kind(&self) -> &ErrorKind {
        &self.0
    }

    /// The kind, unboxed.
    pub fn into_kind(self) -> ErrorKind {
        *self.0
    }
}

impl From<ErrorKind> for Error {
    #[cold]
    fn from(kind: ErrorKind) -> Self {
        Error(Box::new(kind))
    }
}

/// Everything the runtime can refuse to do.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ErrorKind {
    // ---- symbolic arithmetic -------------------------------------------------
    /// Integer arithmetic on sizes overflowed `i64`.
    #[error("integer overflow in {op}: {lhs} {op} {rhs}")]
    Overflow {
        /// The arithmetic operation (`+`, `*`, `//`, ...).
        op: &'static str,
        /// Left operand, printed.
        lhs: String,
        /// Right operand, printed.
        rhs: String,
    },
    /// Division or modulus by zero.
    #[error("division by zero in {op}: {lhs} {op} {rhs}")]
    DivisionByZero {
        /// The arithmetic operation (`//`, `%`, `CeilDiv`).
        op: &'static str,
        /// Dividend, printed.
        lhs: String,
        /// Divisor, printed.
        rhs: String,
    },
    /// A product of sums would expand into more terms than the limit (the
    /// expansion is not attempted: repeated squaring of a sum grows
    /// exponentially).
    #[error(
        "expression too large in {op}: {lhs} {op} {rhs} would have {terms} terms (limit {limit})"
    )]
    ExprTooLarge {
        /// The arithmetic operation (`*`).
        op: &'static str,
        /// Left operand, printed (shortened).
        lhs: String,
        /// Right operand, printed (shortened).
        rhs: String,
        /// Terms the expansion could have.
        terms: usize,
        /// [`crate::limits::MAX_EXPR_TERMS`].
        limit: usize,
    },
    /// An expression nests deeper than the limit (`((s0 // 2) // 2) // ...`).
    #[error("expression too deep in {op}: nesting {depth} (limit {limit})")]
    ExprTooDeep {
        /// The operation that made it (`//`, `Max`, `<`, ...).
        op: &'static str,
        /// Its nesting depth.
        depth: u32,
        /// [`crate::limits::MAX_EXPR_DEPTH`].
        limit: u32,
    },
    /// More symbols than the limit in one ShapeEnv.
    #[error("too many symbols: creating {source_name} would exceed {limit}")]
    TooManySymbols {
        /// The source of the symbol refused.
        source_name: String,
        /// [`crate::limits::MAX_SYMBOLS`].
        limit: usize,
    },
    /// An operator would return more tensors in one list than the limit
    /// (`unbind` of a huge dim).
    #[error("{op}: {len} results exceed the limit of {limit} tensors in one list")]
    ListTooLong {
        /// The operator.
        op: String,
        /// How many it would return.
        len: i64,
        /// [`crate::limits::MAX_LIST_LEN`].
        limit: usize,
    },
    /// A tensor of more dims than the limit.
    #[error("{op}: a tensor of rank {rank} exceeds the limit of {limit} dims")]
    RankTooLarge {
        /// Where the tensor was made (an operator, `input`).
        op: String,
        /// Its rank.
        rank: usize,
        /// [`crate::limits::MAX_RANK`].
        limit: usize,
    },
    /// A kernel's result whose strides do not match its sizes: a fault of
    /// the operator's rule or kernel, refused rather than answered.
    #[error("{op}: a result of {sizes} sizes and {strides} strides (a fault of its kernel)")]
    MalformedResult {
        /// The operator whose kernel made it.
        op: String,
        /// How many sizes it has.
        sizes: usize,
        /// How many strides.
        strides: usize,
    },
    /// A decision needs the value of an unbacked symbol (one without a hint),
    /// as PyTorch's `GuardOnDataDependentSymNode`.
    #[error(
        "could not guard on data-dependent expression {expr} (unhinted: {unbacked}) in {op}; \
         add a runtime assert (torch._check) or constrain_range to decide it"
    )]
    DataDependent {
        /// The operator (or caller-supplied context) that needed the decision.
        op: String,
        /// The condition or size that could not be decided, printed.
        expr: String,
        /// The unbacked symbols it mentions, printed.
        unbacked: String,
        /// The condition or size itself (in the ShapeEnv that refused it),
        /// so a caller can print it with its own symbol names.
        cond: Option<crate::sym::ExprId>,
    },
    /// A runtime assert or guard was statically false.
    #[error("{op}: condition {expr} is always false")]
    StaticallyFalse {
        /// The operator (or caller-supplied context).
        op: String,
        /// The condition, printed.
        expr: String,
    },
    /// A value range constraint is empty or contradicts what is known.
    #[error("invalid range [{min}, {max}] for {symbol}: {reason}")]
    InvalidRange {
        /// The symbol, printed.
        symbol: String,
        /// Lower bound asked for.
        min: String,
        /// Upper bound asked for.
        max: String,
        /// Why it cannot hold.
        reason: String,
    },
    /// A size was given a symbol twice (two symbols for one source would
    /// make contradictory guards).
    #[error("{source_name} already has a symbol: each source is given one")]
    DuplicateSource {
        /// The source, printed.
        source_name: String,
    },
    /// A hint (concrete value seen at trace time) is outside the range given
    /// for its symbol.
    #[error("hint {hint} for {source_name} is outside its range [{min}, {max}]")]
    HintOutOfRange {
        /// The size's source, printed (`x.size()[0]`).
        source_name: String,
        /// The hint.
        hint: i64,
        /// Lower bound.
        min: String,
        /// Upper bound.
        max: String,
    },
    /// A size was negative.
    #[error("negative size {value} for {source_name}")]
    NegativeSize {
        /// The size's source, printed.
        source_name: String,
        /// The value.
        value: i64,
    },
    /// `check_guards` was given sizes that do not cover every source.
    #[error("no value given for source {source_name}")]
    MissingSource {
        /// The source that had no value.
        source_name: String,
    },
    /// An expression handle came from another ShapeEnv or is out of date.
    #[error("expression handle {id} does not belong to this ShapeEnv")]
    ForeignExpr {
        /// The raw handle.
        id: u32,
    },

    // ---- shapes ----------------------------------------------------------------
    /// Two sizes that must agree do not.
    #[error("{op}: {what}: expected {expected}, got {got}")]
    SizeMismatch {
        /// The operator.
        op: String,
        /// Which sizes (`"the size of tensor a at non-singleton dimension 1"`).
        what: String,
        /// The size required, printed.
        expected: String,
        /// The size given, printed.
        got: String,
    },
    /// A dimension index outside `[-rank, rank)`.
    #[error(
        "{op}: dimension out of range (expected to be in range of [{min}, {max}], but got {dim})"
    )]
    DimOutOfRange {
        /// The operator.
        op: String,
        /// The dimension given.
        dim: i64,
        /// Smallest allowed.
        min: i64,
        /// Largest allowed.
        max: i64,
    },
    /// An argument no tensor can satisfy (a negative size, a bad
    /// permutation, two `-1`s in a view...).
    #[error("{op}: {reason}")]
    InvalidArgument {
        /// The operator.
        op: String,
        /// What is wrong, with the values.
        reason: String,
    },

    /// Autograd's kernel, above the fake mode, refuses the call (a leaf
    /// that requires grad written in place, an `out=` form given a tensor
    /// that requires grad, ...): PyTorch's `RuntimeError`.
    #[error("{op}: {message}")]
    Autograd {
        /// The operator.
        op: String,
        /// PyTorch's words.
        message: String,
    },
    /// Autograd does not implement the derivative of a result (complex
    /// results of an operator whose complex derivative is not
    /// implemented): PyTorch's `NotImplementedError`.
    #[error("{op}: {message}")]
    AutogradNotImplemented {
        /// The operator.
        op: String,
        /// PyTorch's words.
        message: String,
    },

    // ---- the mode ----------------------------------------------------------------
    /// No overload of an operator takes the arguments given.
    #[error(
        "no overload of {name} takes these arguments ({reason}); the overloads are:\n  {candidates}"
    )]
    NoOverload {
        /// The name asked for.
        name: String,
        /// Why the last overload tried refused them.
        reason: String,
        /// Every overload's schema, one per line.
        candidates: String,
    },
    /// No operator of this name is registered.
    #[error("unsupported operator {name}: no rule or kernel")]
    UnknownOp {
        /// The name asked for.
        name: String,
    },
    /// Arguments that do not fit the schema (count or kind).
    #[error("{op}: bad arguments: {reason}")]
    BadArguments {
        /// The operator.
        op: String,
        /// What does not fit.
        reason: String,
    },
    /// A tensor handle from another mode (or a real tensor where fake ones
    /// are required).
    #[error("{op}: tensor #{index} does not belong to this FakeTensorMode")]
    ForeignTensor {
        /// The operator.
        op: String,
        /// The tensor's index in its own mode.
        index: u32,
    },
    /// Tensors on different devices met in one operator.
    #[error(
        "{op}: expected all tensors to be on the same device, but found at least two devices, {a} and {b}"
    )]
    DeviceMismatch {
        /// The operator.
        op: String,
        /// The first device seen.
        a: String,
        /// The other device.
        b: String,
    },
    /// Meta tensors given to an operator PyTorch runs as ATen's real
    /// kernel (no meta kernel, no fake implementation: `Tags::no_meta`).
    #[error(
        "{op}: attempted to run this operator with Meta tensors, but there was no fake impl or Meta kernel registered"
    )]
    NoMetaKernel {
        /// The operator.
        op: String,
    },
    /// A tensor of a layout other than strided met or asked for: only
    /// strided tensors (and a sparse COO result of a conversion) are
    /// modelled, and a strided kernel would answer for others wrongly.
    #[error("{op}: {what} is a {layout} tensor; only strided tensors are modelled")]
    UnsupportedLayout {
        /// The operator.
        op: String,
        /// Which tensor: `argument 1`, `the result`.
        what: String,
        /// Its layout (`sparse_coo`).
        layout: String,
    },
    /// An operator whose output sizes depend on its inputs' data and that
    /// has no fake implementation to give them as unbacked symbols
    /// (tagged `dynamic_output_shape`: `linalg_lstsq`, `_ctc_loss`):
    /// PyTorch's `DynamicOutputShapeException`, whatever the arguments.
    #[error(
        "{op}: its output's sizes depend on its inputs' data, which a fake tensor has none of (DynamicOutputShapeException)"
    )]
    DynamicOutputShape {
        /// The operator.
        op: String,
    },
    /// An operator whose output is a value read from its inputs' data
    /// (tagged `data_dependent_output`: `equal`, `allclose`): PyTorch's
    /// `DataDependentOutputException`, whatever the arguments.
    #[error(
        "{op}: its output is a value read from its inputs' data, which a fake tensor has none of (DataDependentOutputException)"
    )]
    DataDependentOutput {
        /// The operator.
        op: String,
    },
    /// Data was asked of a fake tensor, which has none.
    #[error("{what}: a fake tensor has no data")]
    NoData {
        /// What asked (`item()`, `tolist()`, ...).
        what: String,
    },

    // ---- dtypes, devices, layouts ---------------------------------------------
    /// A dtype name that PyTorch does not have.
    #[error("unknown dtype {name:?}")]
    UnknownDType {
        /// The name given.
        name: String,
    },
    /// Type promotion PyTorch refuses (float8 kinds, the barebones unsigned
    /// types).
    #[error("promotion of {a} with {b} is not supported")]
    UnsupportedPromotion {
        /// First dtype, printed.
        a: String,
        /// Second dtype, printed.
        b: String,
    },
    /// A device string that cannot be parsed.
    #[error("invalid device {text:?}: {reason}")]
    InvalidDevice {
        /// The text given.
        text: String,
        /// Why it is invalid.
        reason: String,
    },
    /// A layout name PyTorch does not have.
    #[error("unknown layout {name:?}")]
    UnknownLayout {
        /// The name given.
        name: String,
    },
    /// A memory format name PyTorch does not have.
    #[error("unknown memory format {name:?}")]
    UnknownMemoryFormat {
        /// The name given.
        name: String,
    },
}
