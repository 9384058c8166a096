//! The bundled games: the rule files of `games/`, embedded in the program.

/// A bundled rule file.
#[derive(Clone, Copy, Debug)]
pub struct Bundled {
    /// The name users type (`ming-mang`), the file's stem.
    pub name: &'static str,
    /// The rule file's text.
    pub text: &'static str,
}

/// Every bundled game, by name.
pub const BUNDLED: &[Bundled] = &[
    Bundled {
        name: "ayoayo",
        text: include_str!("../../../games/ayoayo.game"),
    },
    Bundled {
        name: "backgammon",
        text: include_str!("../../../games/backgammon.game"),
    },
    Bundled {
        name: "brandubh",
        text: include_str!("../../../games/brandubh.game"),
    },
    Bundled {
        name: "chess",
        text: include_str!("../../../games/chess.game"),
    },
    Bundled {
        name: "chinese-checkers",
        text: include_str!("../../../games/chinese-checkers.game"),
    },
    Bundled {
        name: "chinese-checkers-3",
        text: include_str!("../../../games/chinese-checkers-3.game"),
    },
    Bundled {
        name: "chinese-checkers-4",
        text: include_str!("../../../games/chinese-checkers-4.game"),
    },
    Bundled {
        name: "chinese-checkers-6",
        text: include_str!("../../../games/chinese-checkers-6.game"),
    },
    Bundled {
        name: "dai-hasami-shogi",
        text: include_str!("../../../games/dai-hasami-shogi.game"),
    },
    Bundled {
        name: "dots-and-boxes",
        text: include_str!("../../../games/dots-and-boxes.game"),
    },
    Bundled {
        name: "draughts",
        text: include_str!("../../../games/draughts.game"),
    },
    Bundled {
        name: "einstein-wurfelt-nicht",
        text: include_str!("../../../games/einstein-wurfelt-nicht.game"),
    },
    Bundled {
        name: "go",
        text: include_str!("../../../games/go.game"),
    },
    Bundled {
        name: "gundru",
        text: include_str!("../../../games/gundru.game"),
    },
    Bundled {
        name: "hasami-shogi",
        text: include_str!("../../../games/hasami-shogi.game"),
    },
    Bundled {
        name: "havannah",
        text: include_str!("../../../games/havannah.game"),
    },
    Bundled {
        name: "hex",
        text: include_str!("../../../games/hex.game"),
    },
    Bundled {
        name: "hyper-backgammon",
        text: include_str!("../../../games/hyper-backgammon.game"),
    },
    Bundled {
        name: "international-draughts",
        text: include_str!("../../../games/international-draughts.game"),
    },
    Bundled {
        name: "kalah",
        text: include_str!("../../../games/kalah.game"),
    },
    Bundled {
        name: "konane",
        text: include_str!("../../../games/konane.game"),
    },
    Bundled {
        name: "lines-of-action",
        text: include_str!("../../../games/lines-of-action.game"),
    },
    Bundled {
        name: "mangala",
        text: include_str!("../../../games/mangala.game"),
    },
    Bundled {
        name: "mensch-aergere-dich-nicht",
        text: include_str!("../../../games/mensch-aergere-dich-nicht.game"),
    },
    Bundled {
        name: "migong",
        text: include_str!("../../../games/migong.game"),
    },
    Bundled {
        name: "ming-mang",
        text: include_str!("../../../games/ming-mang.game"),
    },
    Bundled {
        name: "mu-torere",
        text: include_str!("../../../games/mu-torere.game"),
    },
    Bundled {
        name: "nine-mens-morris",
        text: include_str!("../../../games/nine-mens-morris.game"),
    },
    Bundled {
        name: "othello",
        text: include_str!("../../../games/othello.game"),
    },
    Bundled {
        name: "oware",
        text: include_str!("../../../games/oware.game"),
    },
    Bundled {
        name: "pentago",
        text: include_str!("../../../games/pentago.game"),
    },
    Bundled {
        name: "quoridor",
        text: include_str!("../../../games/quoridor.game"),
    },
    Bundled {
        name: "shogi",
        text: include_str!("../../../games/shogi.game"),
    },
    Bundled {
        name: "surakarta",
        text: include_str!("../../../games/surakarta.game"),
    },
    Bundled {
        name: "toguz-kumalak",
        text: include_str!("../../../games/toguz-kumalak.game"),
    },
    Bundled {
        name: "ur",
        text: include_str!("../../../games/ur.game"),
    },
    Bundled {
        name: "xiangqi",
        text: include_str!("../../../games/xiangqi.game"),
    },
    Bundled {
        name: "y",
        text: include_str!("../../../games/y.game"),
    },
];

/// The bundled game with this name.
pub fn bundled(name: &str) -> Option<&'static Bundled> {
    BUNDLED.iter().find(|b| b.name == name)
}
