//! Parser tests: rules as debug trees, syntax errors as rendered
//! diagnostics.

use super::*;
use crate::diagnostic::Sources;
use expect_test::{Expect, expect};

/// Parse `text`; render the rules' debug trees or the errors.
fn parse(text: &str) -> (Vec<Rule>, String) {
    let mut sources = Sources::default();
    let file = sources.add("ops/test.rules", text);
    let mut diags = Vec::new();
    let rules = parse_rules_file(file, text, &mut diags);
    let errors = diags
        .iter()
        .map(|d| sources.resolve(d).render())
        .collect::<Vec<_>>()
        .join("\n");
    (rules, errors)
}

fn check_errors(text: &str, expect: Expect) {
    let (_, errors) = parse(text);
    expect.assert_eq(&errors);
}

/// A compact rendering of an expression, fully parenthesised.
fn show(e: &Expr) -> String {
    match &e.node {
        ExprNode::Int(v) => v.to_string(),
        ExprNode::Float(v) => format!("{v:?}"),
        ExprNode::Bool(v) => v.to_string(),
        ExprNode::Name(n) => n.clone(),
        ExprNode::Call { name, args } => {
            let args: Vec<String> = args
                .iter()
                .map(|a| match &a.name {
                    Some(k) => format!("{} = {}", k.name, show(&a.value)),
                    None => show(&a.value),
                })
                .collect();
            format!("{}({})", name.name, args.join(", "))
        }
        ExprNode::Field { base, field } => format!("{}.{}", show(base), field.name),
        ExprNode::Unary { op, expr } => match op {
            UnaryOp::Neg => format!("(-{})", show(expr)),
            UnaryOp::Not => format!("(not {})", show(expr)),
        },
        ExprNode::Binary { op, lhs, rhs } => {
            format!("({} {} {})", show(lhs), op.symbol(), show(rhs))
        }
        ExprNode::List(items) => {
            let items: Vec<String> = items
                .iter()
                .map(|i| format!("{}{}", if i.splice { "*" } else { "" }, show(&i.expr)))
                .collect();
            format!("[{}]", items.join(", "))
        }
    }
}

#[test]
fn the_sketch_parses() {
    let text = r#"
# comment
@pointwise(promote = default)
add.Tensor(self: [*a], other: [*b]) -> [broadcast(a, b)]

mm(self: [n, k], mat2: [k, m]) -> [n, m]
bmm(self: [b, n, k], mat2: [b, k, m]) -> [b, n, m]

sum.dim_IntList(self: [*s], dim, keepdim) -> [reduce(s, dim, keepdim)]
  dtype = sum_dtype(self, dtype)

@view
unsqueeze(self: [*s], dim) -> [insert(s, dim, 1)]

@data_dependent
nonzero(self: [*s]) -> [u, rank(s)]
  where u = unbacked(size_like, max = numel(s))
  dtype = int64

@kernel(convolution)      # a named hand-written kernel: still counts as covered
convolution
"#;
    let (rules, errors) = parse(text);
    assert_eq!(errors, "");
    let names: Vec<String> = rules
        .iter()
        .map(|r| {
            let o = &r.op;
            match &o.overload {
                Some(ov) => format!("{}.{}", o.name.name, ov.name),
                None => o.name.name.clone(),
            }
        })
        .collect();
    assert_eq!(
        names,
        [
            "add.Tensor",
            "mm",
            "bmm",
            "sum.dim_IntList",
            "unsqueeze",
            "nonzero",
            "convolution"
        ]
    );
    let add = &rules[0];
    assert_eq!(add.tags[0].name.name, "pointwise");
    let arg = &add.tags[0].args.as_ref().unwrap()[0];
    assert_eq!(arg.key.as_ref().unwrap().name, "promote");
    assert_eq!(arg.value.name, "default");
    let nz = &rules[5];
    assert_eq!(nz.clauses.len(), 2);
    match &nz.clauses[0] {
        Clause::Where { name, value, .. } => {
            assert_eq!(name.name, "u");
            assert_eq!(show(value), "unbacked(size_like, max = numel(s))");
        }
        c => panic!("{c:?}"),
    }
    let conv = &rules[6];
    assert!(conv.params.is_none() && conv.outputs.is_none());
    assert_eq!(
        conv.tags[0].args.as_ref().unwrap()[0].value.name,
        "convolution"
    );
}

#[test]
fn precedence() {
    let (rules, errors) = parse(
        "f(x) -> a ?? b or not c and d == -e + f * g // h % i - j.k.l\n  check [1, *s, n+1] != s, \"a \\\"q\\\"\"\n",
    );
    assert_eq!(errors, "");
    let out = &rules[0].outputs.as_ref().unwrap().exprs[0];
    expect![[r#"(a ?? (b or ((not c) and (d == (((-e) + (((f * g) // h) % i)) - j.k.l)))))"#]]
        .assert_eq(&show(out));
    match &rules[0].clauses[0] {
        Clause::Check { cond, message, .. } => {
            assert_eq!(show(cond), "([1, *s, (n + 1)] != s)");
            assert_eq!(message.as_deref(), Some("a \"q\""));
        }
        c => panic!("{c:?}"),
    }
}

#[test]
fn patterns_and_selectors() {
    let (rules, errors) = parse(
        "native_layer_norm(input: [*s, _, 3], weight: [*w]?, tensors: [*_][], indices: [n]?[]) -> ([*s], [], [])\n  dtype.1 = int64\n  strides.values = like(self)\n",
    );
    assert_eq!(errors, "");
    let r = &rules[0];
    let params = r.params.as_ref().unwrap();
    assert_eq!(params.len(), 4);
    let p0 = params[0].pattern.as_ref().unwrap();
    assert!(matches!(p0.dims[0], DimPattern::Pack(Some(_), _)));
    assert!(matches!(p0.dims[1], DimPattern::Wildcard(_)));
    assert!(matches!(p0.dims[2], DimPattern::Int(3, _)));
    let suffix = |i: usize| -> Vec<PatternSuffix> {
        params[i]
            .pattern
            .as_ref()
            .unwrap()
            .suffixes
            .iter()
            .map(|s| s.0)
            .collect()
    };
    assert_eq!(suffix(1), [PatternSuffix::Optional]);
    assert_eq!(suffix(2), [PatternSuffix::List]);
    assert_eq!(suffix(3), [PatternSuffix::Optional, PatternSuffix::List]);
    assert!(matches!(
        params[2].pattern.as_ref().unwrap().dims[0],
        DimPattern::Pack(None, _)
    ));
    let outs = r.outputs.as_ref().unwrap();
    assert!(outs.tuple);
    assert_eq!(outs.exprs.len(), 3);
    assert!(matches!(
        &r.clauses[0],
        Clause::Attr {
            selector: Some(Selector::Index(1, _)),
            ..
        }
    ));
    assert!(
        matches!(&r.clauses[1], Clause::Attr { selector: Some(Selector::Name(n)), .. } if n.name == "values")
    );
}

#[test]
fn keywords_are_not_names_but_ops_may_be() {
    let (rules, errors) =
        parse("where.self(condition: [*c], self: [*a], other: [*b]) -> [broadcast(c, a, b)]\n");
    assert_eq!(errors, "");
    assert_eq!(rules[0].op.name.name, "where");
    check_errors(
        "f(x) -> [and]\n",
        expect![[r#"
            error: expected an expression, found `and`
             --> ops/test.rules:1:10
              |
            1 | f(x) -> [and]
              |          ^^^ expected an expression
        "#]],
    );
}

#[test]
fn one_error_per_rule() {
    check_errors(
        "mm(self: [n, k], mat2: [k, m]) -> [n, m\nbmm(self: [b, n, k] mat2: [b, k, m]) -> [b, n, m]\nrelu(self: [*s]) -> [*s]\n",
        expect![[r#"
            error: expected one of `(`, `,`, `.`, `]`, or an operator, found the end of the rule
             --> ops/test.rules:1:40
              |
            1 | mm(self: [n, k], mat2: [k, m]) -> [n, m
              |                                        ^ expected one of `(`, `,`, `.`, `]`, or an operator

            error: expected `)` or `,`, found `mat2`
             --> ops/test.rules:2:21
              |
            2 | bmm(self: [b, n, k] mat2: [b, k, m]) -> [b, n, m]
              |                     ^^^^ expected `)` or `,`
        "#]],
    );
}

#[test]
fn unindented_clause_gets_a_hint() {
    check_errors(
        "nonzero(self: [*s]) -> [u, rank(s)]\ndtype = int64\n",
        expect![[r#"
            error: expected one of `(`, `->`, `check`, `where`, or the end of the rule, found `=`
             --> ops/test.rules:2:7
              |
            2 | dtype = int64
              |       ^ expected one of `(`, `->`, `check`, `where`, or the end of the rule
              |
              = help: a clause belongs to the rule above it: indent it
        "#]],
    );
    check_errors(
        "  dtype = int64\n",
        expect![[r#"
            error: indented line outside any rule
             --> ops/test.rules:1:3
              |
            1 |   dtype = int64
              |   ^^^^^^^^^^^^^ no rule starts above this line
              |
              = help: a rule starts at the beginning of a line; only its continuation lines are indented
        "#]],
    );
}

#[test]
fn tags_on_their_own_lines_and_with_the_head() {
    let (rules, errors) = parse(
        "@view\n@inplace # both\nunsqueeze_(self: [*s], dim) -> [insert(s, dim, 1)]\n@view unsqueeze(self) -> [1]\n@kernel(x) a\n",
    );
    assert_eq!(errors, "");
    assert_eq!(rules.len(), 3);
    assert_eq!(rules[0].tags.len(), 2);
    assert_eq!(rules[1].tags.len(), 1);
    assert_eq!(rules[2].op.name.name, "a");
}

#[test]
fn depth_limits() {
    let deep = format!("f(x) -> {}x{}\n", "(".repeat(200), ")".repeat(200));
    let (_, errors) = parse(&deep);
    assert!(
        errors.contains("brackets nested more than 48 deep"),
        "{errors}"
    );
    let long = format!("f(x) -> x{}\n", " + x".repeat(500));
    let (_, errors) = parse(&long);
    assert!(
        errors.contains("expression nested more than 200 deep"),
        "{errors}"
    );
    let negs = format!("f(x) -> {}x\n", "- ".repeat(500));
    let (_, errors) = parse(&negs);
    assert!(
        errors.contains("expression nested more than 200 deep"),
        "{errors}"
    );
    let ok = format!("f(x) -> x{}\n", " + x".repeat(100));
    let (_, errors) = parse(&ok);
    assert_eq!(errors, "");
}

#[test]
fn big_integers_are_errors() {
    check_errors(
        "f(x: [99999999999999999999]) -> []\n",
        expect![[r#"
            error: integer literal out of range
             --> ops/test.rules:1:7
              |
            1 | f(x: [99999999999999999999]) -> []
              |       ^^^^^^^^^^^^^^^^^^^^ larger than `i64::MAX`
        "#]],
    );
}
