//! The configuration a game is compiled under: a value for every parameter and option,
//! from the defaults, a preset and `--set` settings ([`Settings::resolve`]), and the same
//! values as the compiled game lists them ([`Setting`]).

use super::Compiler;
use crate::check::{setting_names, Description, PresetDecl, SettingId, SettingValue};
use crate::diag::Code;
use crate::diag::Diagnostic;
use rulebook_model::Setting;

/// Values for every parameter and option of a description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The preset these values started from.
    pub preset: Option<String>,
    /// Parameter values, in declaration order.
    pub params: Vec<i64>,
    /// Option choice indices, in declaration order.
    pub options: Vec<usize>,
}

/// The preset asked for by name (an error if the game has none of that name), or else the
/// game's default preset, if it has one.
fn chosen_preset<'a>(
    desc: &'a Description,
    preset: Option<&str>,
) -> Result<Option<&'a PresetDecl>, Diagnostic> {
    let decls = &desc.settings;
    let Some(name) = preset else {
        return Ok(decls.default_preset.map(|i| &decls.presets[i]));
    };
    let found = decls.presets.iter().find(|p| p.name == name);
    found.map(Some).ok_or_else(|| {
        let names: Vec<&str> = decls.presets.iter().map(|p| p.name.as_str()).collect();
        let mut d = Diagnostic::plain(
            Code::E0701,
            format!("{} has no preset `{name}`", desc.about.name),
        );
        d = if names.is_empty() {
            d.with_note("this game has no presets")
        } else {
            d.with_note(format!("its presets are: {}", names.join(", ")))
        };
        d.with_suggestion(name, names.iter().copied())
    })
}

impl Settings {
    /// The defaults, then the preset (the named one, or else the default preset), then each
    /// `key=value` of `sets` in order. Unknown names and bad values are errors.
    pub fn resolve(
        desc: &Description,
        preset: Option<&str>,
        sets: &[String],
    ) -> Result<Settings, Diagnostic> {
        let decls = &desc.settings;
        let mut settings = Settings {
            preset: None,
            params: decls.params.iter().map(|p| p.default).collect(),
            options: decls.options.iter().map(|o| o.default).collect(),
        };
        let chosen = chosen_preset(desc, preset)?;
        if let Some(p) = chosen {
            settings.preset = Some(p.name.clone());
            for (setting, value) in &p.settings {
                settings.set(*setting, *value);
            }
        }
        for s in sets {
            let (key, value) = s.split_once('=').ok_or_else(|| {
                Diagnostic::plain(Code::E0702, format!("`{s}` is not a setting"))
                    .with_help("write settings as `name=value`, e.g. `--set size=9`")
            })?;
            let (key, value) = (key.trim(), value.trim());
            if let Some(i) = decls.params.iter().position(|p| p.name == key) {
                let p = &decls.params[i];
                let v: i64 = value.parse().map_err(|_| {
                    Diagnostic::plain(
                        Code::E0703,
                        format!("`{key}` takes a whole number, not `{value}`"),
                    )
                    .with_note(format!("`{key}` ranges over {}..{}", p.min, p.max))
                })?;
                if v < p.min || v > p.max {
                    return Err(Diagnostic::plain(
                        Code::E0704,
                        format!(
                            "{key}={v} is out of range: `{key}` ranges over {}..{}",
                            p.min, p.max
                        ),
                    ));
                }
                settings.params[i] = v;
            } else if let Some(i) = decls.options.iter().position(|o| o.name == key) {
                settings.options[i] = decls.options[i].choice(value, None)?;
            } else {
                let known = setting_names(&decls.params, &decls.options);
                let mut d = Diagnostic::plain(
                    Code::E0705,
                    format!("{} has no parameter or option `{key}`", desc.about.name),
                );
                d = if known.is_empty() {
                    d.with_note("this game has no parameters or options")
                } else {
                    d.with_note(format!("it has: {}", known.join(", ")))
                };
                d = d.with_suggestion(key, known.iter().copied());
                return Err(d);
            }
        }
        Ok(settings)
    }

    /// Sets a parameter to a number, or an option to a choice.
    fn set(&mut self, setting: SettingId, value: SettingValue) {
        match (setting, value) {
            (SettingId::Param(i), SettingValue::Int(v)) => self.params[i] = v,
            (SettingId::Option(i), SettingValue::Choice(c)) => self.options[i] = c,
            _ => {}
        }
    }
}

impl Compiler<'_> {
    /// Every parameter's and option's value, as the compiled game lists them.
    pub(super) fn settings_listed(&self) -> Vec<Setting> {
        let d = self.desc;
        d.settings
            .params
            .iter()
            .zip(&self.settings.params)
            .map(|(p, v)| Setting {
                name: p.name.clone(),
                value: v.to_string(),
                allowed: format!("{}..{}", p.min, p.max),
            })
            .chain(
                d.settings
                    .options
                    .iter()
                    .zip(&self.settings.options)
                    .map(|(o, c)| Setting {
                        name: o.name.clone(),
                        value: o.choices[*c].clone(),
                        allowed: o.choices.join("|"),
                    }),
            )
            .collect()
    }
}
