//! The schema model the `rules!` macro emits for every registered operator
//! ([`OpDef::params`], [`OpDef::returns`]) says what the operator's schema
//! string says: printed back, it is the schema the macro parsed, token for
//! token (numbers compared as numbers: `1.0000000000000001e-05` is `1e-5`).

use fake_runtime::OpDef;
use fake_runtime::schema::BaseType;

/// The tokens of a signature: names, numbers, strings and punctuation
/// (blanks separate, and are not tokens).
fn tokens(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let punct = match c {
            '-' if chars.peek() == Some(&'>') => {
                chars.next();
                Some("->".to_string())
            }
            '(' | ')' | '[' | ']' | ',' | '=' | '*' | '?' | '!' | '|' => Some(c.to_string()),
            ' ' => Some(String::new()),
            '\'' => {
                word.push('"');
                None
            }
            _ => {
                word.push(c);
                None
            }
        };
        if let Some(p) = punct {
            if !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            if !p.is_empty() {
                out.push(p);
            }
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// Whether two tokens say the same: equal, or the same number.
fn same(a: &str, b: &str) -> bool {
    a == b
        || matches!(
            (a.parse::<f64>(), b.parse::<f64>()),
            (Ok(x), Ok(y)) if x == y
        )
}

fn signature_of_schema(def: &OpDef) -> &'static str {
    let from = def.schema.find('(').expect("a schema has parameters");
    &def.schema[from..]
}

#[test]
fn every_registered_operator_carries_its_schema_as_data() {
    assert!(fake_ops::OPS.len() > 200);
    for def in fake_ops::OPS {
        let ours = def.signature().to_string();
        let theirs = signature_of_schema(def);
        let (a, b) = (tokens(&ours), tokens(theirs));
        assert!(
            a.len() == b.len() && a.iter().zip(&b).all(|(x, y)| same(x, y)),
            "{}:\n  model:  {ours}\n  schema: {theirs}",
            def.name
        );
    }
}

#[test]
fn the_examples_of_the_model() {
    let def = |name: &str| {
        fake_ops::OPS
            .iter()
            .find(|d| d.name == name)
            .unwrap_or_else(|| panic!("`{name}` is registered"))
    };
    // `alpha` comes after the `*`.
    let add = def("aten::add.Tensor");
    let kwarg_only: Vec<bool> = add.params.iter().map(|p| p.kwarg_only).collect();
    assert_eq!(kwarg_only, [false, false, true]);
    // `add_` writes `self` and returns it.
    let add_ = def("aten::add_.Tensor");
    assert!(add_.params[0].is_written());
    assert_eq!(add_.returns[0].alias, add_.params[0].alias);
    // `int[1]? dim`: an optional list of fixed length 1.
    let sum = def("aten::sum.dim_IntList");
    let dim = sum.params[1];
    assert_eq!(dim.ty.base, BaseType::Int);
    assert_eq!(dim.ty.list.and_then(|l| l.len), Some(1));
    assert!(dim.ty.optional && dim.default.is_none());
    // `SymInt[2] stride=[1, 1]`.
    let conv = def("aten::conv2d");
    assert_eq!(conv.params[3].to_string(), "SymInt[2] stride=[1, 1]");
}

#[test]
fn tokens_split_signatures() {
    assert_eq!(
        tokens("(Tensor(a -> *) self, float eps='x') -> Tensor(a)[]").join(" "),
        "( Tensor ( a -> * ) self , float eps = \"x\" ) -> Tensor ( a ) [ ]"
    );
    assert!(same("1.0000000000000001e-05", "1e-5"));
    assert!(!same("1", "2"));
}
