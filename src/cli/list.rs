//! `rulebook list`: the bundled games with their presets and options.

use super::common::render_error;
use crate::catalog::BUNDLED;
use crate::pipeline;
use crate::render::terminal_safe;

/// Prints the bundled games.
pub(super) fn run() -> Result<(), String> {
    print!("{}", super::for_terminal(&list()?));
    Ok(())
}

fn list() -> Result<String, String> {
    let mut out = String::new();
    for b in BUNDLED {
        let described =
            pipeline::describe(pipeline::read_source(b.name).map_err(|e| render_error(&e))?)
                .map_err(|e| render_error(&e))?;
        let d = &described.description;
        out.push_str(&format!("{} ({})\n", b.name, terminal_safe(&d.about.name)));
        let presets: Vec<String> = d
            .settings
            .presets
            .iter()
            .enumerate()
            .map(|(i, p)| {
                if Some(i) == d.settings.default_preset {
                    format!("{} (default)", p.name)
                } else {
                    p.name.clone()
                }
            })
            .collect();
        if !presets.is_empty() {
            out.push_str(&format!("  presets: {}\n", presets.join(", ")));
        }
        for p in &d.settings.params {
            out.push_str(&format!(
                "  --set {}=N  ({}..{}, default {})\n",
                p.name, p.min, p.max, p.default
            ));
        }
        for o in &d.settings.options {
            out.push_str(&format!(
                "  --set {}={}  (default {})\n",
                o.name,
                o.choices.join("|"),
                o.choices[o.default]
            ));
        }
    }
    Ok(out)
}
