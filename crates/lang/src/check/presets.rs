//! Presets: named settings of the parameters and options, checked once every parameter and
//! option is declared.

use super::{Checker, PresetDecl, SettingId, SettingValue, MAX_PRESETS};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use crate::syntax::ast::{self, StatementKind as S};

impl Checker {
    /// The presets, and the index of the default one.
    pub(super) fn presets(
        &mut self,
        statements: &[&ast::Statement],
    ) -> (Vec<PresetDecl>, Option<usize>) {
        let mut presets = Vec::new();
        let mut default_preset: Option<(usize, Span)> = None;
        for st in statements {
            if let S::Preset {
                name,
                is_default,
                settings,
            } = &st.kind
            {
                if let Some(first) = self.preset_names.get(&name.text).copied() {
                    self.error(
                        Diagnostic::error(
                            Code::E0326,
                            format!("preset `{}` is declared twice", name.text),
                            name.span,
                        )
                        .with_note_at(first, "first declared here"),
                    );
                    continue;
                }
                self.preset_names.insert(name.text.clone(), name.span);
                if self.over_limit("presets", MAX_PRESETS, presets.len(), name.span) {
                    continue;
                }
                if *is_default {
                    if let Some((_, first)) = default_preset {
                        self.error(
                            Diagnostic::error(
                                Code::E0327,
                                "two presets are marked `default`",
                                name.span,
                            )
                            .with_note_at(first, "the first default preset"),
                        );
                    } else {
                        default_preset = Some((presets.len(), name.span));
                    }
                }
                let settings = settings
                    .iter()
                    .filter_map(|s| self.check_setting(s))
                    .collect();
                presets.push(PresetDecl {
                    name: name.text.clone(),
                    span: name.span,
                    settings,
                });
            }
        }
        (presets, default_preset.map(|(i, _)| i))
    }

    /// One `name = value` of a preset.
    pub(super) fn check_setting(
        &mut self,
        setting: &ast::PresetEntry,
    ) -> Option<(SettingId, SettingValue)> {
        let name = &setting.name;
        if let Some(i) = self.params.iter().position(|p| p.name == name.text) {
            let p = self.params[i].clone();
            return match &setting.value {
                ast::PresetValue::Int(v, span) => {
                    if *v < p.min || *v > p.max {
                        self.error(
                            Diagnostic::error(
                                Code::E0328,
                                format!(
                                    "{v} is outside the range of `{}` ({}..{})",
                                    p.name, p.min, p.max
                                ),
                                *span,
                            )
                            .with_note_at(p.span, "the parameter is declared here"),
                        );
                        None
                    } else {
                        Some((SettingId::Param(i), SettingValue::Int(*v)))
                    }
                }
                ast::PresetValue::Name(n) => {
                    self.error(Diagnostic::error(
                        Code::E0329,
                        format!("parameter `{}` takes a number, not `{}`", p.name, n.text),
                        n.span,
                    ));
                    None
                }
            };
        }
        if let Some(i) = self.options.iter().position(|o| o.name == name.text) {
            let o = self.options[i].clone();
            return match &setting.value {
                ast::PresetValue::Name(n) => match o.choice(&n.text, Some(n.span)) {
                    Ok(c) => Some((SettingId::Option(i), SettingValue::Choice(c))),
                    Err(d) => {
                        self.error(d);
                        None
                    }
                },
                ast::PresetValue::Int(_, span) => {
                    self.error(
                        Diagnostic::error(
                            Code::E0330,
                            format!("option `{}` takes a name, not a number", o.name),
                            *span,
                        )
                        .with_note(format!("the choices are: {}", o.choices.join(", "))),
                    );
                    None
                }
            };
        }
        let known = super::setting_names(&self.params, &self.options);
        let mut d = Diagnostic::error(
            Code::E0331,
            format!("unknown parameter or option `{}`", name.text),
            name.span,
        );
        d = d.with_suggestion(&name.text, known.iter().copied());
        self.error(d);
        None
    }
}
