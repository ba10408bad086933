//! JSON documents of what a peer sends (positions and moves), for the
//! view fuzzer and the tests of forged views: `serde_json::Value` holds at
//! most 64-bit integers, and some states hold wider ones (Enchanted
//! Plumes' card sets are 100-bit masks), so [`to_doc`] keeps those as
//! marked text and [`from_doc`] turns them back.

use std::fmt::Write as _;

use serde_json::Value;

/// The prefix that keeps a number past 64 bits (Enchanted Plumes' card
/// sets are 100-bit masks) as text while a document is mutated:
/// `serde_json::Value` holds at most 64-bit integers.
const WIDE: &str = "wide-integer:";

/// `value` as a JSON document to mutate, integers past 64 bits kept whole
/// (as marked text; [`from_doc`] turns them back).
///
/// # Errors
/// When `value` does not serialize.
pub fn to_doc<T: serde::Serialize>(value: &T) -> serde_json::Result<Value> {
    let text = serde_json::to_string(value)?;
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            in_string = escaped || c != '"';
            escaped = !escaped && c == '\\';
            out.push(c);
            continue;
        }
        if c == '"' {
            in_string = true;
            out.push(c);
        } else if c.is_ascii_digit() {
            let mut digits = String::from(c);
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                digits.push(d);
            }
            let fraction = matches!(chars.peek(), Some('.' | 'e' | 'E'));
            if !fraction && !out.ends_with('-') && digits.parse::<u64>().is_err() {
                let _ = write!(out, "\"{WIDE}{digits}\"");
            } else {
                out.push_str(&digits);
            }
        } else {
            out.push(c);
        }
    }
    serde_json::from_str(&out)
}

/// A document of [`to_doc`] read back as a `T`.
///
/// # Errors
/// When it does not read as a `T`.
pub fn from_doc<T: serde::de::DeserializeOwned>(doc: &Value) -> serde_json::Result<T> {
    let text = serde_json::to_string(doc)?;
    let marker = format!("\"{WIDE}");
    if !text.contains(&marker) {
        return serde_json::from_str(&text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(i) = rest.find(&marker) {
        out.push_str(&rest[..i]);
        let after = &rest[i + marker.len()..];
        let n = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        if after[n..].starts_with('"') && n > 0 {
            out.push_str(&after[..n]);
            rest = &after[n + 1..];
        } else {
            out.push_str(&marker);
            rest = after;
        }
    }
    out.push_str(rest);
    serde_json::from_str(&out)
}
