//! YAML reading and writing for the whole project: game records and scenario files go
//! through here and nowhere else touches the YAML crate (serde_yaml is archived upstream;
//! replacing it means changing this file only).

use std::fmt;

use serde::de::DeserializeOwned;
use serde::Serialize;

/// Why a YAML text could not be read into the expected shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YamlError {
    /// What is wrong, in words.
    pub message: String,
    /// The 1-based line and column where it was found, when known.
    pub location: Option<(usize, usize)>,
}

impl fmt::Display for YamlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.location {
            Some((line, column)) => write!(f, "{line}:{column}: {}", self.message),
            None => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for YamlError {}

/// Reads a value of type `T` from YAML text.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    serde_yaml::from_str(text).map_err(|e| {
        let location = e.location().map(|l| (l.line(), l.column()));
        // The crate appends " at line L column C"; the location is kept apart instead.
        let message = e.to_string();
        let message = match message.find(" at line ") {
            Some(i) if location.is_some() => message[..i].to_string(),
            _ => message,
        };
        YamlError { message, location }
    })
}

/// Writes a value as YAML text.
pub fn to_string<T: Serialize>(value: &T) -> Result<String, YamlError> {
    serde_yaml::to_string(value).map_err(|e| YamlError {
        message: e.to_string(),
        location: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Record {
        game: String,
        moves: Vec<String>,
    }

    #[test]
    fn round_trip() {
        let r = Record {
            game: "my-game".into(),
            moves: vec!["a1-a2".into(), "4".into()],
        };
        let text = to_string(&r).unwrap();
        assert_eq!(from_str::<Record>(&text).unwrap(), r);
    }

    #[test]
    fn errors_carry_their_place() {
        let e = from_str::<Record>("game: my-game\nmoves: {\n").unwrap_err();
        assert!(e.location.is_some(), "{e:?}");
        let e = from_str::<Record>("game: my-game\nmovs: []\n").unwrap_err();
        assert!(e.message.contains("movs"), "{e}");
        assert_eq!(e.location.map(|l| l.0), Some(2), "{e:?}");
    }
}
