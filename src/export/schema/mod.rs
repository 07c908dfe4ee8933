//! The serialized `ExportedProgram` as `torch.export.save` writes it
//! (`torch/_export/serde/schema.py`, schema 8.x), as plain serde types.
//!
//! The types mirror the Python dataclasses field for field, with the same
//! names, so a program read here and written back is the same JSON.
//! Conventions of torch's serializer that the types follow:
//!
//! - A *union* (`_Union` in schema.py) is a JSON object with exactly one key,
//!   the tag: `{"as_tensor": {"name": "x"}}`. Here a union is a Rust enum;
//!   an object with no key or several keys is an error. [`Argument`],
//!   [`InputSpec`] and [`OutputSpec`] keep tags they do not know (a newer
//!   minor version may add kinds) in an `Unknown` variant, so such programs
//!   still load; the other unions reject unknown tags.
//! - Fields with a default in schema.py may be missing; fields without one
//!   are required, and a missing one is an error naming the field.
//!   Fields this crate does not know are ignored.
//! - Enums (`ScalarType`, `Layout`, `MemoryFormat`, `ArgumentKind`) are
//!   written as integers and kept as integers here; each field's doc names
//!   the enum, and [`scalar_type`], [`layout`] and [`memory_format`] hold
//!   the values.
//! - Floats are JSON numbers, except infinities and NaN, written as the
//!   strings `"Infinity"`, `"-Infinity"` and `"NaN"` ([`PyFloat`]).
//! - Symbolic values are sympy `srepr` strings ([`SymExpr::expr_str`]),
//!   parsed by [`crate::export::srepr`].

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

mod codes;
mod kinds;
mod numbers;
pub use codes::{argument_kind, layout, memory_format, scalar_type};
pub use kinds::ValueKind;
pub use numbers::{PyFloat, PyInt, order_beyond_64_bits, relation_beyond_64_bits};

// ---- unions ------------------------------------------------------------------------

/// Deserialize the payload of one union member; `unit` members ignore it.
macro_rules! union_payload {
    ($map:ident, $name:ident :: $variant:ident) => {{
        $map.next_value::<IgnoredAny>()?;
        $name::$variant
    }};
    ($map:ident, $name:ident :: $variant:ident, $ty:ty) => {
        $name::$variant($map.next_value::<$ty>()?)
    };
}

/// A pattern for one union member, binding its payload (if any) to `$v`.
macro_rules! union_pattern {
    ($name:ident :: $variant:ident, $v:ident) => {
        $name::$variant
    };
    ($name:ident :: $variant:ident, $v:ident, $ty:ty) => {
        $name::$variant($v)
    };
}

/// Serialize one union member: a unit member writes `true`, as torch does.
macro_rules! union_value {
    ($m:ident, $tag:literal, $v:ident) => {
        $m.serialize_entry($tag, &true)
    };
    ($m:ident, $tag:literal, $v:ident, $ty:ty) => {
        $m.serialize_entry($tag, $v)
    };
}

/// Whether a union keeps unknown tags, and how.
macro_rules! union_unknown {
    (open, $map:ident, $name:ident, $tag:ident) => {
        $name::Unknown {
            value: $map.next_value::<serde_json::Value>()?,
            tag: $tag,
        }
    };
    (closed, $map:ident, $name:ident, $tag:ident) => {
        return Err(de::Error::unknown_variant(&$tag, $name::TAGS))
    };
}

/// A schema.py `_Union`: an enum read from and written as a one-key object.
/// `(open)` unions get an `Unknown` variant for tags they do not know,
/// `(closed)` ones reject them.
macro_rules! tagged_union {
    (
        $(#[$meta:meta])*
        pub enum $name:ident ($openness:ident) {
            $(
                $(#[$vmeta:meta])*
                $tag:literal => $variant:ident $(($ty:ty))?,
            )*
        }
    ) => {
        tagged_union!(@enum $openness [$(#[$meta])*] $name [$( [$(#[$vmeta])*] $variant $(($ty))? )*]);

        impl $name {
            /// The tags of this union, as written in the JSON.
            pub const TAGS: &'static [&'static str] = &[$($tag),*];

            /// The tag of this value, as written in the JSON (`"as_tensor"`).
            pub fn tag(&self) -> &str {
                #[allow(unused_variables, unreachable_patterns)]
                match self {
                    $( union_pattern!($name::$variant, v $(, $ty)?) => $tag, )*
                    tagged_union!(@unknown_tag $openness, tag) =>
                        tagged_union!(@unknown_tag_body $openness, tag),
                }
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> Visitor<'de> for V {
                    type Value = $name;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        write!(f, "a {} (an object with exactly one of the keys {})",
                            stringify!($name), $name::TAGS.join(", "))
                    }
                    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<$name, A::Error> {
                        let Some(tag) = map.next_key::<String>()? else {
                            return Err(de::Error::invalid_length(0, &self));
                        };
                        let value = match tag.as_str() {
                            $( $tag => union_payload!(map, $name::$variant $(, $ty)?), )*
                            _ => union_unknown!($openness, map, $name, tag),
                        };
                        if let Some(extra) = map.next_key::<String>()? {
                            return Err(de::Error::custom(format_args!(
                                "a {} has exactly one key, found `{}` after `{}`",
                                stringify!($name), extra, value.tag()
                            )));
                        }
                        Ok(value)
                    }
                }
                d.deserialize_map(V)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(1))?;
                #[allow(unused_variables, unreachable_patterns)]
                match self {
                    $( union_pattern!($name::$variant, v $(, $ty)?) =>
                        union_value!(m, $tag, v $(, $ty)?)?, )*
                    tagged_union!(@unknown_pattern $openness, tag, value) =>
                        tagged_union!(@unknown_ser_body $openness, m, tag, value),
                }
                m.end()
            }
        }
    };
    (@enum open [$($meta:tt)*] $name:ident [$( [$($vmeta:tt)*] $variant:ident $(($ty:ty))? )*]) => {
        $($meta)*
        pub enum $name {
            $( $($vmeta)* $variant $(($ty))?, )*
            /// A member this crate does not know (from a newer schema), kept
            /// as read.
            Unknown {
                /// The tag.
                tag: String,
                /// The payload, unparsed.
                value: serde_json::Value,
            },
        }
    };
    (@enum closed [$($meta:tt)*] $name:ident [$( [$($vmeta:tt)*] $variant:ident $(($ty:ty))? )*]) => {
        $($meta)*
        pub enum $name {
            $( $($vmeta)* $variant $(($ty))?, )*
        }
    };
    (@unknown_tag open, $t:ident) => { Self::Unknown { tag: $t, .. } };
    (@unknown_tag closed, $t:ident) => { _ };
    (@unknown_pattern open, $t:ident, $v:ident) => { Self::Unknown { tag: $t, value: $v } };
    (@unknown_pattern closed, $t:ident, $v:ident) => { _ };
    (@unknown_tag_body open, $t:ident) => { $t };
    (@unknown_tag_body closed, $t:ident) => { "" };
    (@unknown_ser_body open, $m:ident, $t:ident, $v:ident) => { $m.serialize_entry($t, $v)? };
    (@unknown_ser_body closed, $m:ident, $t:ident, $v:ident) => { () };
}

// ---- symbolic values -----------------------------------------------------------------

/// A device (`torch.device`): `{"type": "cuda", "index": 0}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Device {
    /// The device type (`"cpu"`, `"cuda"`, `"meta"`, ...).
    #[serde(rename = "type")]
    pub device_type: String,
    /// The device index, when given.
    #[serde(default)]
    pub index: Option<i64>,
}

tagged_union! {
    /// The value a symbolic expression had at export time.
    #[derive(Debug, Clone, PartialEq)]
    pub enum SymExprHint (closed) {
        /// An integer.
        "as_int" => Int(i64),
        /// A boolean.
        "as_bool" => Bool(bool),
        /// A float.
        "as_float" => Float(PyFloat),
    }
}

/// A symbolic expression with its value at export time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SymExpr {
    /// The expression, as sympy's `srepr` (`Add(Symbol('s0', positive=True,
    /// integer=True), Integer(1))`); see [`crate::export::srepr`].
    pub expr_str: String,
    /// Its value at export time; `None` for expressions over unbacked
    /// symbols.
    #[serde(default)]
    pub hint: Option<SymExprHint>,
}

tagged_union! {
    /// An integer that may be symbolic (a size, stride or offset).
    #[derive(Debug, Clone, PartialEq)]
    pub enum SymInt (closed) {
        /// A symbolic expression.
        "as_expr" => Expr(SymExpr),
        /// A known value.
        "as_int" => Int(i64),
    }
}

tagged_union! {
    /// A float that may be symbolic.
    #[derive(Debug, Clone, PartialEq)]
    pub enum SymFloat (closed) {
        /// A symbolic expression.
        "as_expr" => Expr(SymExpr),
        /// A known value.
        "as_float" => Float(PyFloat),
    }
}

tagged_union! {
    /// A boolean that may be symbolic (a condition on sizes).
    #[derive(Debug, Clone, PartialEq)]
    pub enum SymBool (closed) {
        /// A symbolic expression.
        "as_expr" => Expr(SymExpr),
        /// A known value.
        "as_bool" => Bool(bool),
    }
}

/// The metadata of a tensor value: what fake-tensor computes, as PyTorch
/// recorded it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TensorMeta {
    /// schema.py `ScalarType` (see [`scalar_type`]).
    pub dtype: i64,
    /// Sizes, one per dimension.
    pub sizes: Vec<SymInt>,
    /// Whether the tensor requires grad.
    pub requires_grad: bool,
    /// The device.
    pub device: Device,
    /// Strides, one per dimension.
    pub strides: Vec<SymInt>,
    /// Offset into the storage, in elements.
    pub storage_offset: SymInt,
    /// schema.py `Layout` (see [`layout`]).
    pub layout: i64,
}

// ---- arguments ---------------------------------------------------------------------------

tagged_union! {
    /// A SymInt argument: a named value of the graph, or (in lists mixing
    /// ints and SymInts) a constant.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    pub enum SymIntArgument (closed) {
        /// The name of a SymInt value (an entry of [`Graph::sym_int_values`]).
        "as_name" => Name(String),
        /// A constant.
        "as_int" => Int(i64),
    }
}

tagged_union! {
    /// A SymFloat argument: a named value, or a constant.
    #[derive(Debug, Clone, PartialEq)]
    pub enum SymFloatArgument (closed) {
        /// The name of a SymFloat value (an entry of
        /// [`Graph::sym_float_values`]).
        "as_name" => Name(String),
        /// A constant.
        "as_float" => Float(PyFloat),
    }
}

tagged_union! {
    /// A SymBool argument: a named value, or a constant.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    pub enum SymBoolArgument (closed) {
        /// The name of a SymBool value (an entry of [`Graph::sym_bool_values`]).
        "as_name" => Name(String),
        /// A constant.
        "as_bool" => Bool(bool),
    }
}

/// A tensor value, by name (an entry of [`Graph::tensor_values`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TensorArgument {
    /// The value's name.
    pub name: String,
}

/// An effect token, by name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TokenArgument {
    /// The token's name.
    pub name: String,
}

tagged_union! {
    /// An element of a `Tensor?[]` list: a tensor or `None`.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    pub enum OptionalTensorArgument (closed) {
        /// A tensor.
        "as_tensor" => Tensor(TensorArgument),
        /// `None`.
        "as_none" => None,
    }
}

/// A subgraph argument of a higher-order operator (`cond`, `map`, ...).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GraphArgument {
    /// The submodule's name.
    pub name: String,
    /// The subgraph.
    pub graph: Box<Graph>,
}

/// A TorchScript custom object, by name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CustomObjArgument {
    /// The value's name.
    pub name: String,
    /// The class's fully qualified name.
    pub class_fqn: String,
}

/// A complex number.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ComplexValue {
    /// Real part.
    pub real: PyFloat,
    /// Imaginary part.
    pub imag: PyFloat,
}

tagged_union! {
    /// An argument or result of a node: every kind schema.py's `Argument`
    /// has, plus [`Argument::Unknown`] for kinds added after this crate was
    /// written.
    #[derive(Debug, Clone, PartialEq)]
    pub enum Argument (open) {
        /// `None`.
        "as_none" => None,
        /// A tensor value.
        "as_tensor" => Tensor(TensorArgument),
        /// A list of tensor values (`Tensor[]`).
        "as_tensors" => Tensors(Vec<TensorArgument>),
        /// An integer constant (a Python int: beyond 64 bits in a range
        /// check's bound).
        "as_int" => Int(PyInt),
        /// A list of integer constants.
        "as_ints" => Ints(Vec<i64>),
        /// A float constant.
        "as_float" => Float(PyFloat),
        /// A list of float constants.
        "as_floats" => Floats(Vec<PyFloat>),
        /// A string constant.
        "as_string" => String(String),
        /// A list of string constants.
        "as_strings" => Strings(Vec<String>),
        /// A SymInt.
        "as_sym_int" => SymInt(SymIntArgument),
        /// A list of SymInts (`SymInt[]`), mixing names and constants.
        "as_sym_ints" => SymInts(Vec<SymIntArgument>),
        /// A dtype: schema.py `ScalarType` (see [`scalar_type`]).
        "as_scalar_type" => ScalarType(i64),
        /// A memory format: schema.py `MemoryFormat` (see [`memory_format`]).
        "as_memory_format" => MemoryFormat(i64),
        /// A layout: schema.py `Layout` (see [`layout`]).
        "as_layout" => Layout(i64),
        /// A device.
        "as_device" => Device(Device),
        /// A boolean constant.
        "as_bool" => Bool(bool),
        /// A list of boolean constants.
        "as_bools" => Bools(Vec<bool>),
        /// A SymBool.
        "as_sym_bool" => SymBool(SymBoolArgument),
        /// A list of SymBools.
        "as_sym_bools" => SymBools(Vec<SymBoolArgument>),
        /// A subgraph (of a higher-order operator).
        "as_graph" => Graph(GraphArgument),
        /// A list of optional tensors (`Tensor?[]`).
        "as_optional_tensors" => OptionalTensors(Vec<OptionalTensorArgument>),
        /// A custom object.
        "as_custom_obj" => CustomObj(CustomObjArgument),
        /// An operator, by name (`torch.ops.aten.add.Tensor`).
        "as_operator" => Operator(String),
        /// A SymFloat.
        "as_sym_float" => SymFloat(SymFloatArgument),
        /// A list of SymFloats.
        "as_sym_floats" => SymFloats(Vec<SymFloatArgument>),
        /// An optional tensor (`Tensor?`).
        "as_optional_tensor" => OptionalTensor(OptionalTensorArgument),
        /// A complex constant.
        "as_complex" => Complex(ComplexValue),
        /// A list of lists of tensors.
        "as_nested_tensors" => NestedTensors(Vec<Vec<TensorArgument>>),
        /// A list of lists of integers.
        "as_int_lists" => IntLists(Vec<Vec<i64>>),
        /// A dictionary from strings to arguments.
        "as_string_to_argument" => StringToArgument(BTreeMap<String, Argument>),
        /// A list of lists of floats.
        "as_float_lists" => FloatLists(Vec<Vec<PyFloat>>),
    }
}

/// An input of a node, with the parameter name from the operator's schema.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NamedArgument {
    /// The parameter's name in the operator schema (`self`, `other`).
    pub name: String,
    /// The value.
    pub arg: Argument,
    /// schema.py `ArgumentKind` (see [`argument_kind`]): positional or
    /// keyword; `None` in older programs.
    #[serde(default)]
    pub kind: Option<i64>,
}

/// One operator call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Node {
    /// The operator (`torch.ops.aten.add.Tensor`, `_operator.ge`,
    /// `torch.ops.higher_order.cond`).
    pub target: String,
    /// The inputs, in schema order.
    pub inputs: Vec<NamedArgument>,
    /// The results; each names the value(s) it defines.
    pub outputs: Vec<Argument>,
    /// Free-form metadata (`stack_trace`, `nn_module_stack`, ...).
    pub metadata: BTreeMap<String, String>,
    /// For higher-order operators: whether a single tensor is returned
    /// bare rather than in a list.
    #[serde(default)]
    pub is_hop_single_tensor_return: Option<bool>,
    /// The node's name; missing in older programs.
    #[serde(default)]
    pub name: Option<String>,
}

/// A graph: inputs, nodes in execution order, outputs, and the metadata of
/// every value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Graph {
    /// The graph's inputs (placeholders), in order.
    pub inputs: Vec<Argument>,
    /// The graph's outputs, in order.
    pub outputs: Vec<Argument>,
    /// The operator calls, in execution order.
    pub nodes: Vec<Node>,
    /// Metadata of every tensor value, by name.
    pub tensor_values: BTreeMap<String, TensorMeta>,
    /// Every SymInt value, by name.
    pub sym_int_values: BTreeMap<String, SymInt>,
    /// Every SymBool value, by name.
    pub sym_bool_values: BTreeMap<String, SymBool>,
    /// For subgraphs of higher-order operators: whether a single tensor is
    /// returned bare rather than in a list.
    #[serde(default)]
    pub is_single_tensor_return: bool,
    /// Every custom object value, by name.
    #[serde(default)]
    pub custom_obj_values: BTreeMap<String, CustomObjArgument>,
    /// Every SymFloat value, by name.
    #[serde(default)]
    pub sym_float_values: BTreeMap<String, SymFloat>,
}

// ---- signature -------------------------------------------------------------------------

/// A user input of the program.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserInputSpec {
    /// The graph input (a tensor or a SymInt, in practice).
    pub arg: Argument,
}

tagged_union! {
    /// A constant value lifted to an input.
    #[derive(Debug, Clone, PartialEq)]
    pub enum ConstantValue (closed) {
        /// `None`.
        "as_none" => None,
        /// An integer.
        "as_int" => Int(i64),
        /// A float.
        "as_float" => Float(PyFloat),
        /// A string.
        "as_string" => String(String),
        /// A boolean.
        "as_bool" => Bool(bool),
    }
}

/// A graph input that is a constant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InputToConstantInputSpec {
    /// The input's name.
    pub name: String,
    /// The constant.
    pub value: ConstantValue,
}

/// A graph input that is a parameter of the module.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct InputToParameterSpec {
    /// The graph input.
    pub arg: TensorArgument,
    /// The parameter's fully qualified name (`conv.weight`).
    pub parameter_name: String,
}

/// A graph input that is a buffer of the module.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct InputToBufferSpec {
    /// The graph input.
    pub arg: TensorArgument,
    /// The buffer's fully qualified name.
    pub buffer_name: String,
    /// Whether the buffer is part of the state dict.
    pub persistent: bool,
}

/// A graph input that is a constant tensor of the module.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct InputToTensorConstantSpec {
    /// The graph input.
    pub arg: TensorArgument,
    /// The constant's fully qualified name.
    pub tensor_constant_name: String,
}

/// A graph input that is a custom object of the module.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct InputToCustomObjSpec {
    /// The graph input.
    pub arg: CustomObjArgument,
    /// The object's fully qualified name.
    pub custom_obj_name: String,
}

/// A graph input that is an effect token.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct InputTokenSpec {
    /// The token.
    pub arg: TokenArgument,
}

tagged_union! {
    /// What a graph input is, from the user's point of view.
    #[derive(Debug, Clone, PartialEq)]
    pub enum InputSpec (open) {
        /// An input the user passes.
        "user_input" => UserInput(UserInputSpec),
        /// A parameter.
        "parameter" => Parameter(InputToParameterSpec),
        /// A buffer.
        "buffer" => Buffer(InputToBufferSpec),
        /// A constant tensor.
        "tensor_constant" => TensorConstant(InputToTensorConstantSpec),
        /// A custom object.
        "custom_obj" => CustomObj(InputToCustomObjSpec),
        /// An effect token.
        "token" => Token(InputTokenSpec),
        /// A constant.
        "constant_input" => ConstantInput(InputToConstantInputSpec),
    }
}

/// An output returned to the user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserOutputSpec {
    /// The graph output.
    pub arg: Argument,
}

/// The loss output (of a joint graph).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LossOutputSpec {
    /// The graph output.
    pub arg: TensorArgument,
}

/// An output that is the new value of a mutated buffer.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BufferMutationSpec {
    /// The graph output.
    pub arg: TensorArgument,
    /// The buffer's fully qualified name.
    pub buffer_name: String,
}

/// An output that is the new value of a mutated parameter.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ParameterMutationSpec {
    /// The graph output.
    pub arg: TensorArgument,
    /// The parameter's fully qualified name.
    pub parameter_name: String,
}

/// An output that is the gradient of a parameter (joint graphs).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GradientToParameterSpec {
    /// The graph output.
    pub arg: TensorArgument,
    /// The parameter's fully qualified name.
    pub parameter_name: String,
}

/// An output that is the gradient of a user input (joint graphs).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GradientToUserInputSpec {
    /// The graph output.
    pub arg: TensorArgument,
    /// The user input's name.
    pub user_input_name: String,
}

/// An output that is the new value of a mutated user input.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UserInputMutationSpec {
    /// The graph output.
    pub arg: TensorArgument,
    /// The user input's name.
    pub user_input_name: String,
}

/// An output that is an effect token.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OutputTokenSpec {
    /// The token.
    pub arg: TokenArgument,
}

tagged_union! {
    /// What a graph output is, from the user's point of view.
    #[derive(Debug, Clone, PartialEq)]
    pub enum OutputSpec (open) {
        /// An output returned to the user.
        "user_output" => UserOutput(UserOutputSpec),
        /// The loss.
        "loss_output" => LossOutput(LossOutputSpec),
        /// A mutated buffer.
        "buffer_mutation" => BufferMutation(BufferMutationSpec),
        /// A parameter's gradient.
        "gradient_to_parameter" => GradientToParameter(GradientToParameterSpec),
        /// A user input's gradient.
        "gradient_to_user_input" => GradientToUserInput(GradientToUserInputSpec),
        /// A mutated user input.
        "user_input_mutation" => UserInputMutation(UserInputMutationSpec),
        /// An effect token.
        "token" => Token(OutputTokenSpec),
        /// A mutated parameter.
        "parameter_mutation" => ParameterMutation(ParameterMutationSpec),
    }
}

/// How the graph's inputs and outputs map to the module's parameters,
/// buffers and the user's arguments and results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GraphSignature {
    /// One per graph input, in order.
    pub input_specs: Vec<InputSpec>,
    /// One per graph output, in order.
    pub output_specs: Vec<OutputSpec>,
}

// ---- program ---------------------------------------------------------------------------

/// The range a symbol may take; `None` is unbounded on that side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RangeConstraint {
    /// Lower bound (inclusive); `None` is `-int_oo`.
    pub min_val: Option<PyInt>,
    /// Upper bound (inclusive); `None` is `int_oo`.
    pub max_val: Option<PyInt>,
}

/// The calling convention of a submodule (for unflattening).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModuleCallSignature {
    /// The submodule's inputs.
    pub inputs: Vec<Argument>,
    /// The submodule's outputs.
    pub outputs: Vec<Argument>,
    /// The pytree spec of the inputs, serialized.
    pub in_spec: String,
    /// The pytree spec of the outputs, serialized.
    pub out_spec: String,
    /// The names of `forward`'s parameters.
    #[serde(default)]
    pub forward_arg_names: Option<Vec<String>>,
}

/// One submodule call of the original module.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModuleCallEntry {
    /// The submodule's fully qualified name (`""` for the root).
    pub fqn: String,
    /// Its calling convention, when preserved.
    #[serde(default)]
    pub signature: Option<ModuleCallSignature>,
}

/// The field names of a namedtuple type.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NamedTupleDef {
    /// The field names.
    pub field_names: Vec<String>,
}

/// The graph and its signature.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GraphModule {
    /// The graph.
    pub graph: Graph,
    /// How inputs and outputs map to parameters, buffers and user values.
    pub signature: GraphSignature,
    /// The submodule calls of the original module.
    pub module_call_graph: Vec<ModuleCallEntry>,
    /// Free-form metadata.
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
    /// Namedtuple types used in the pytree specs, by name.
    #[serde(default)]
    pub treespec_namedtuple_fields: BTreeMap<String, NamedTupleDef>,
}

/// The version of the serialization schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SchemaVersion {
    /// Bumped on breaking changes.
    pub major: i64,
    /// Bumped on compatible changes.
    pub minor: i64,
}

impl fmt::Display for SchemaVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

fn default_torch_version() -> String {
    "<=2.4".to_string()
}

/// A program saved by `torch.export`: `<archive>/models/model.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExportedProgram {
    /// The graph and its signature.
    pub graph_module: GraphModule,
    /// Operator set versions, by namespace (`{"aten": 10}`).
    pub opset_version: BTreeMap<String, i64>,
    /// The range of every symbol, by name (`s0`, `u0`).
    pub range_constraints: BTreeMap<String, RangeConstraint>,
    /// The schema version the program was written with.
    pub schema_version: SchemaVersion,
    /// The IR dialects the program was verified against (`"TRAINING"`).
    #[serde(default)]
    pub verifiers: Vec<String>,
    /// The torch version that wrote the program (`"<=2.4"` when missing).
    #[serde(default = "default_torch_version")]
    pub torch_version: String,
    /// The guards export assumed, as Python code.
    #[serde(default)]
    pub guards_code: Vec<String>,
}

impl ExportedProgram {
    /// The top-level graph.
    pub fn graph(&self) -> &Graph {
        &self.graph_module.graph
    }

    /// The graph signature.
    pub fn signature(&self) -> &GraphSignature {
        &self.graph_module.signature
    }
}

impl SymExpr {
    /// Parse [`SymExpr::expr_str`] (sympy `srepr`).
    pub fn parse(&self) -> Result<crate::export::srepr::Expr, crate::export::srepr::SreprError> {
        crate::export::srepr::parse(&self.expr_str)
    }
}

impl fmt::Display for SymInt {
    /// The value, or the expression's srepr text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SymInt::Int(v) => write!(f, "{v}"),
            SymInt::Expr(e) => f.write_str(&e.expr_str),
        }
    }
}

impl SymExprHint {
    /// The hint as an integer, when it is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            SymExprHint::Int(v) => Some(*v),
            _ => None,
        }
    }
}
