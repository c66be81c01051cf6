//! A JSON Schema (draft-07) check for the keywords the SARIF 2.1.0 schema
//! uses (`tests/sarif-schema-2.1.0.json`), so that the SARIF tests need no
//! general validator: the `jsonschema` crate and its dependencies were 100 s
//! of the clean-clone test build, ahead of every test binary
//! (docs/decisions.md, "CI time"). A keyword outside [`KEYWORDS`] is an
//! error, not ignored: a newer schema that needs more cannot pass unchecked.

use serde_json::{Map, Value};

/// The keywords checked, and the annotations that constrain nothing.
pub const KEYWORDS: &[&str] = &[
    "$ref",
    "type",
    "enum",
    "properties",
    "additionalProperties",
    "required",
    "items",
    "minItems",
    "uniqueItems",
    "minimum",
    "maximum",
    "anyOf",
    "oneOf",
    "pattern",
    "format",
    // annotations
    "$schema",
    "id",
    "title",
    "description",
    "default",
    "definitions",
];

/// The violations of `doc` against `schema` (empty: valid), each with the
/// JSON pointer of the offending value.
pub fn errors(schema: &Value, doc: &Value) -> Vec<String> {
    let mut out = Vec::new();
    check(schema, schema, doc, "", &mut out);
    out
}

fn check(root: &Value, schema: &Value, doc: &Value, at: &str, out: &mut Vec<String>) {
    let Some(schema) = schema.as_object() else {
        out.push(format!("{at}: the schema is not an object"));
        return;
    };
    for key in schema.keys() {
        if !KEYWORDS.contains(&key.as_str()) {
            out.push(format!("{at}: schema keyword `{key}` is not checked here"));
        }
    }
    if let Some(Value::String(target)) = schema.get("$ref") {
        match resolve(root, target) {
            Some(s) => check(root, s, doc, at, out),
            None => out.push(format!("{at}: unresolved $ref {target}")),
        }
    }
    let types: Vec<&str> = match schema.get("type") {
        Some(Value::String(ty)) => vec![ty],
        Some(Value::Array(tys)) => tys.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    };
    if !types.is_empty() && !types.iter().any(|ty| has_type(doc, ty)) {
        out.push(format!("{at}: {doc} is not of type {types:?}"));
        return;
    }
    if let Some(Value::Array(allowed)) = schema.get("enum") {
        if !allowed.contains(doc) {
            out.push(format!("{at}: {doc} is not one of {allowed:?}"));
        }
    }
    for (keyword, one) in [("anyOf", false), ("oneOf", true)] {
        if let Some(Value::Array(options)) = schema.get(keyword) {
            let passing = options
                .iter()
                .filter(|s| errors_under(root, s, doc, at).is_empty())
                .count();
            if passing == 0 || (one && passing > 1) {
                out.push(format!("{at}: {passing} of the {keyword} schemas hold"));
            }
        }
    }
    match doc {
        Value::Object(fields) => check_object(root, schema, fields, at, out),
        Value::Array(items) => check_array(root, schema, items, at, out),
        Value::Number(n) => {
            let n = n.as_f64().unwrap_or(f64::NAN);
            if let Some(min) = schema.get("minimum").and_then(Value::as_f64) {
                if n < min {
                    out.push(format!("{at}: {n} is below the minimum {min}"));
                }
            }
            if let Some(max) = schema.get("maximum").and_then(Value::as_f64) {
                if n > max {
                    out.push(format!("{at}: {n} is above the maximum {max}"));
                }
            }
        }
        Value::String(s) => check_string(schema, s, at, out),
        _ => {}
    }
}

fn errors_under(root: &Value, schema: &Value, doc: &Value, at: &str) -> Vec<String> {
    let mut out = Vec::new();
    check(root, schema, doc, at, &mut out);
    out
}

fn check_object(
    root: &Value,
    schema: &Map<String, Value>,
    fields: &Map<String, Value>,
    at: &str,
    out: &mut Vec<String>,
) {
    if let Some(Value::Array(required)) = schema.get("required") {
        for name in required.iter().filter_map(Value::as_str) {
            if !fields.contains_key(name) {
                out.push(format!("{at}: required property `{name}` is missing"));
            }
        }
    }
    let properties = schema.get("properties").and_then(Value::as_object);
    for (name, value) in fields {
        let here = format!("{at}/{name}");
        match (
            properties.and_then(|p| p.get(name)),
            schema.get("additionalProperties"),
        ) {
            (Some(s), _) => check(root, s, value, &here, out),
            (None, Some(Value::Bool(false))) => {
                out.push(format!("{at}: property `{name}` is not allowed"))
            }
            (None, Some(s @ Value::Object(_))) => check(root, s, value, &here, out),
            (None, _) => {}
        }
    }
}

fn check_array(
    root: &Value,
    schema: &Map<String, Value>,
    items: &[Value],
    at: &str,
    out: &mut Vec<String>,
) {
    if let Some(min) = schema.get("minItems").and_then(Value::as_u64) {
        if (items.len() as u64) < min {
            out.push(format!(
                "{at}: {} items, at least {min} needed",
                items.len()
            ));
        }
    }
    if schema.get("uniqueItems") == Some(&Value::Bool(true)) {
        for (i, a) in items.iter().enumerate() {
            if items[..i].contains(a) {
                out.push(format!("{at}/{i}: a repeated item"));
            }
        }
    }
    if let Some(item_schema) = schema.get("items") {
        for (i, item) in items.iter().enumerate() {
            check(root, item_schema, item, &format!("{at}/{i}"), out);
        }
    }
}

fn check_string(schema: &Map<String, Value>, s: &str, at: &str, out: &mut Vec<String>) {
    if let Some(Value::String(pattern)) = schema.get("pattern") {
        match regex::Regex::new(pattern) {
            Ok(re) if re.is_match(s) => {}
            Ok(_) => out.push(format!("{at}: {s:?} does not match {pattern}")),
            Err(e) => out.push(format!("{at}: the pattern {pattern} does not compile: {e}")),
        }
    }
    if let Some(Value::String(format)) = schema.get("format") {
        // RFC 3986's scheme, and RFC 3339's date-time.
        let pattern = match format.as_str() {
            "uri" => r"^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$",
            "uri-reference" => r"^[^\s]*$",
            "date-time" => {
                r"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$"
            }
            other => {
                out.push(format!("{at}: format `{other}` is not checked here"));
                return;
            }
        };
        let re = regex::Regex::new(pattern).expect("a format's pattern compiles");
        if !re.is_match(s) {
            out.push(format!("{at}: {s:?} is not a {format}"));
        }
    }
}

fn has_type(doc: &Value, ty: &str) -> bool {
    match ty {
        "object" => doc.is_object(),
        "array" => doc.is_array(),
        "string" => doc.is_string(),
        "boolean" => doc.is_boolean(),
        "null" => doc.is_null(),
        "number" => doc.is_number(),
        "integer" => doc.is_i64() || doc.is_u64(),
        _ => false,
    }
}

/// `#` or `#/definitions/name` (the only references SARIF's schema makes).
fn resolve<'s>(root: &'s Value, target: &str) -> Option<&'s Value> {
    let path = target.strip_prefix('#')?;
    path.split('/')
        .filter(|p| !p.is_empty())
        .try_fold(root, |v, p| v.get(p))
}
