//! The games a page may start: the bundled ones and the rule file named on the command
//! line, each with its presets and settings, as the chooser shows them.

use serde_json::{json, Map, Value};

use crate::catalog::BUNDLED;
use crate::check::{Description, PresetDecl, SettingId, SettingValue};
use crate::pipeline;

/// The games offered, and the one the page opens on.
#[derive(Clone, Debug)]
pub struct Offer {
    /// Each game as JSON (docs/web.md, `GET /api/games`).
    pub games: Vec<Value>,
    /// The game named on the command line (a bundled name or a path), if any.
    pub start: Option<String>,
    /// The rule file named on the command line, if it is one (not a bundled name).
    pub file: Option<String>,
}

impl Offer {
    /// The bundled games and `start`, a bundled name or a rule file's path; the error is
    /// the diagnostics of a game that does not load.
    pub fn new(start: Option<String>) -> Result<Offer, String> {
        let file = start.clone().filter(|g| pipeline::names_a_file(g));
        let mut games = Vec::new();
        for name in file
            .iter()
            .map(String::as_str)
            .chain(BUNDLED.iter().map(|b| b.name))
        {
            games.push(describe(name)?);
        }
        Ok(Offer { games, start, file })
    }

    /// Whether a game spec's game is one offered: a bundled name, or the rule file named
    /// on the command line (by the same path, or another path to the same file).
    pub fn offers(&self, game: &str) -> bool {
        if !pipeline::names_a_file(game) {
            return true;
        }
        let same = |a: &str, b: &str| match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        self.file
            .as_deref()
            .is_some_and(|f| f == game || same(f, game))
    }

    /// The JSON of `GET /api/games`.
    pub fn json(&self) -> Value {
        json!({ "games": self.games, "start": self.start })
    }
}

/// The values a preset gives its settings, by the settings' names (a parameter's number
/// and an option's choice as text), for the chooser to show.
fn preset_values(d: &Description, preset: &PresetDecl) -> Map<String, Value> {
    let value = |&(id, value): &(SettingId, SettingValue)| match (id, value) {
        (SettingId::Param(k), SettingValue::Int(v)) => {
            Some((d.settings.params[k].name.clone(), v.to_string()))
        }
        (SettingId::Option(k), SettingValue::Choice(c)) => {
            let option = &d.settings.options[k];
            Some((option.name.clone(), option.choices.get(c)?.clone()))
        }
        _ => None,
    };
    (preset.settings.iter().filter_map(value))
        .map(|(name, v)| (name, Value::String(v)))
        .collect()
}

/// A game as the chooser shows it: its name (as a spec names it), title, players,
/// presets (the default marked) and settings (a parameter's range, an option's choices).
fn describe(name: &str) -> Result<Value, String> {
    let failed = |e: pipeline::LoadError| e.render(false);
    let described = pipeline::describe(pipeline::read_source(name).map_err(failed)?);
    let d = described.map_err(failed)?.description;
    let presets: Vec<Value> = (d.settings.presets.iter().enumerate())
        .map(|(i, p)| {
            let sets = preset_values(&d, p);
            json!({ "name": p.name, "default": Some(i) == d.settings.default_preset, "sets": sets })
        })
        .collect();
    let params = (d.settings.params.iter()).map(
        |p| json!({ "name": p.name, "min": p.min, "max": p.max, "default": p.default.to_string() }),
    );
    let options = (d.settings.options.iter()).map(
        |o| json!({ "name": o.name, "choices": o.choices, "default": o.choices.get(o.default) }),
    );
    Ok(json!({
        "name": name,
        "title": d.about.name,
        "players": d.about.players,
        "presets": presets,
        "settings": params.chain(options).collect::<Vec<_>>(),
    }))
}
