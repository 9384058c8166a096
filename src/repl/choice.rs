//! A move typed without the kind its piece becomes (`e7-e8` where the rules let a pawn
//! become a queen, rook, bishop or knight): the REPL asks which, and the next line answers.

use crate::engine::{MoveList, State};
use crate::notation;

/// The moves that differ only in the kind the piece becomes, waiting for the player to
/// choose one.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The move as it is written, without a kind (`e7-e8`).
    typed: String,
    /// Each choice: the move's text (`e7-e8=Q`), its letter (`Q`) and its kind's name.
    options: Vec<(String, String, String)>,
}

impl Choice {
    /// The choice `typed` leaves open: the legal moves that promote, whose text is `typed`
    /// followed by `=` and a letter; `None` unless there are at least two.
    pub fn of(state: &State, typed: &str) -> Option<Choice> {
        let wanted = normalize(typed);
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        let kinds = &state.game().about.piece_kinds;
        let options: Vec<(String, String, String)> = (moves.iter())
            .filter_map(|&m| {
                let kind = m.promoted_to()?;
                let text = notation::move_text(state, m);
                let (before, letter) = text.rsplit_once('=')?;
                let option = (letter.to_string(), kinds[kind].clone());
                (normalize(before) == wanted).then(|| (text.clone(), option.0, option.1))
            })
            .collect();
        let typed = options.first()?.0.rsplit_once('=')?.0.to_string();
        (options.len() > 1).then_some(Choice { typed, options })
    }

    /// The question: `e7-e8: the piece becomes which? queen (Q), rook (R), ...`.
    pub fn question(&self) -> String {
        format!(
            "{}: the piece becomes which? {}\n(an empty line plays none of them)\n",
            self.typed,
            self.listed()
        )
    }

    /// The prompt while the choice is open: `e7-e8=? (Q R B N)> `.
    pub fn prompt(&self) -> String {
        let letters: Vec<&str> = self.options.iter().map(|o| o.1.as_str()).collect();
        format!("{}=? ({})> ", self.typed, letters.join(" "))
    }

    /// The move text an answer picks: a letter or a kind's name, in any case.
    pub fn pick(&self, answer: &str) -> Option<&str> {
        let answer = normalize(answer);
        (self.options.iter())
            .find(|(_, letter, kind)| normalize(letter) == answer || normalize(kind) == answer)
            .map(|(text, _, _)| text.as_str())
    }

    /// The choices as `queen (Q), rook (R)`.
    pub fn listed(&self) -> String {
        let each: Vec<String> = (self.options.iter())
            .map(|(_, letter, kind)| format!("{kind} ({letter})"))
            .collect();
        each.join(", ")
    }
}

/// A text as compared with another typed: without blanks, in lower case.
pub fn normalize(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}
