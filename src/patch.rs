//! What changed between two views, as edits to their JSON: the host sends
//! a friend the edits from the view the friend holds to the new one (a
//! move changes a few numbers of a state of kilobytes), and the whole view
//! only on joining, on request and when the edits would be larger.
//!
//! The edits are plain data checked by the friend like any message: a path
//! that does not fit its copy is an error (it then asks for the whole
//! view), and the result is checked as a state and against the view's hash.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One step of a path into a JSON value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Step {
    /// An array's element.
    At(usize),
    /// An object's field.
    Key(String),
}

/// One edit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Edit {
    /// The value at the path becomes this one.
    Set(Vec<Step>, Value),
    /// The array at the path gains these elements at its end.
    Extend(Vec<Step>, Vec<Value>),
    /// The array at the path keeps this many elements.
    Truncate(Vec<Step>, usize),
}

/// The edits that turn `old` into `new`.
#[must_use]
pub fn diff(old: &Value, new: &Value) -> Vec<Edit> {
    let mut edits = Vec::new();
    walk(old, new, &mut Vec::new(), &mut edits);
    edits
}

fn walk(old: &Value, new: &Value, path: &mut Vec<Step>, out: &mut Vec<Edit>) {
    if old == new {
        return;
    }
    match (old, new) {
        (Value::Object(a), Value::Object(b)) if a.len() == b.len() && a.keys().all(|k| b.contains_key(k)) => {
            for (k, v) in b {
                path.push(Step::Key(k.clone()));
                walk(&a[k], v, path, out);
                path.pop();
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            // Element by element, unless that says more than the new array.
            let mut edits = Vec::new();
            let common = a.len().min(b.len());
            if b.len() < a.len() {
                edits.push(Edit::Truncate(path.clone(), b.len()));
            }
            for i in 0..common {
                path.push(Step::At(i));
                walk(&a[i], &b[i], path, &mut edits);
                path.pop();
            }
            if b.len() > a.len() {
                edits.push(Edit::Extend(path.clone(), b[a.len()..].to_vec()));
            }
            if json_len(&edits) > json_len(new) {
                out.push(Edit::Set(path.clone(), new.clone()));
            } else {
                out.extend(edits);
            }
        }
        _ => out.push(Edit::Set(path.clone(), new.clone())),
    }
}

/// A value's serialized size, to choose the shorter way to say a change.
#[must_use]
pub fn json_len<T: Serialize>(value: &T) -> usize {
    serde_json::to_vec(value).map_or(usize::MAX, |v| v.len())
}

/// Applies `edits` to `value`.
///
/// # Errors
/// An edit whose path does not fit the value: the value is then in no
/// particular state, and the caller throws it away.
pub fn apply(value: &mut Value, edits: &[Edit]) -> Result<(), String> {
    for edit in edits {
        match edit {
            Edit::Set(path, v) => *at(value, path)? = v.clone(),
            Edit::Extend(path, vs) => array(at(value, path)?)?.extend(vs.iter().cloned()),
            Edit::Truncate(path, n) => {
                let a = array(at(value, path)?)?;
                if *n > a.len() {
                    return Err(format!("an edit keeps {n} elements of an array of {}", a.len()));
                }
                a.truncate(*n);
            }
        }
    }
    Ok(())
}

fn at<'a>(mut value: &'a mut Value, path: &[Step]) -> Result<&'a mut Value, String> {
    for step in path {
        value = match (value, step) {
            (Value::Array(a), Step::At(i)) => a.get_mut(*i).ok_or("an edit names an element past an array's end")?,
            (Value::Object(o), Step::Key(k)) => o.get_mut(k).ok_or("an edit names a field the view does not have")?,
            _ => return Err("an edit's path does not fit the view".into()),
        };
    }
    Ok(value)
}

fn array(value: &mut Value) -> Result<&mut Vec<Value>, String> {
    value.as_array_mut().ok_or_else(|| "an edit extends what is not an array".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn edits_turn_the_old_value_into_the_new_one() {
        let cases = [
            (json!({"a": 1, "b": [1, 2, 3]}), json!({"a": 2, "b": [1, 2, 3, 4]})),
            (json!({"a": [1, 2, 3, 4, 5]}), json!({"a": [1, 9]})),
            (json!({"a": {"x": 1}}), json!({"a": {"y": 1}})),
            (json!([{"p": 1}, {"p": 2}]), json!([{"p": 1}, {"p": 3}])),
            (json!([1, 2, 3]), json!("changed kind")),
        ];
        for (old, new) in cases {
            let edits = diff(&old, &new);
            let mut v = old.clone();
            apply(&mut v, &edits).expect("the edits fit");
            assert_eq!(v, new, "{edits:?}");
        }
        assert!(diff(&json!({"a": 1}), &json!({"a": 1})).is_empty());
    }

    #[test]
    fn an_edit_that_does_not_fit_is_an_error() {
        let mut v = json!({"a": [1]});
        assert!(apply(&mut v, &[Edit::Set(vec![Step::Key("b".into()), Step::At(0)], json!(1))]).is_err());
        assert!(apply(&mut v, &[Edit::Truncate(vec![Step::Key("a".into())], 5)]).is_err());
        assert!(apply(&mut v, &[Edit::Extend(vec![], vec![json!(1)])]).is_err());
    }
}
