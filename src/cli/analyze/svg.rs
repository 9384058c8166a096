//! `rulebook analyze --svg DIR`: the charts a designer looks at, as SVG files: the
//! game-length histogram, branching over the game, and the win rate per seat with its
//! interval; with `--vs`, both variants on each chart.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::report::Report;
use crate::analysis::stats::Proportion;
use crate::files::{Kind, Replace};

/// Chart size and margins, in SVG units.
const W: f64 = 640.0;
const H: f64 = 360.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 70.0;
const BOTTOM: f64 = 50.0;

/// The colours of A and B.
const COLOURS: [&str; 2] = ["#1f77b4", "#d62728"];

/// The chart files, in the order written.
pub(super) const FILES: [&str; 3] = ["length.svg", "branching.svg", "wins.svg"];

/// Makes sure the folder exists and can be written to before any game is played: creates
/// it if missing, writes and removes a probe file, and checks that each chart's file may
/// be replaced (not a device, a FIFO or a file read as a rule file).
pub(super) fn prepare(dir: &Path) -> Result<PathBuf, String> {
    let refuse = |e: std::io::Error| {
        format!(
            "error: --svg: cannot write into the folder {}: {e}",
            dir.display()
        )
    };
    if dir.exists() && !dir.is_dir() {
        return Err(format!("error: --svg: {} is not a folder", dir.display()));
    }
    std::fs::create_dir_all(dir).map_err(refuse)?;
    crate::files::check_writable_folder(dir).map_err(refuse)?;
    for name in FILES {
        crate::files::check_output(&dir.join(name), Kind::Picture, Replace::Never)
            .map_err(|e| format!("error: --svg: {e}"))?;
    }
    Ok(dir.to_path_buf())
}

/// Writes the charts of one report (and of the `--vs` report) into `dir`, each file
/// written whole to a temporary file and renamed into place.
pub(super) fn write_all(dir: &Path, a: &Report, b: Option<&Report>) -> Result<(), String> {
    let reports: Vec<&Report> = std::iter::once(a).chain(b).collect();
    for (name, text) in FILES.iter().zip(charts(&reports)) {
        let path = dir.join(name);
        crate::files::write_atomic(&path, Kind::Picture, &text, Replace::Never)
            .map_err(|e| format!("error: {e}"))?;
    }
    Ok(())
}

/// The charts of reports, in the order of [`FILES`].
pub(super) fn charts(reports: &[&Report]) -> [String; 3] {
    [
        length_chart(reports),
        branching_chart(reports),
        wins_chart(reports),
    ]
}

/// The text of a chart's label, escaped for SVG.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The opening of a chart: its frame, title, axis titles and the legend of the reports.
fn frame(title: &str, x_label: &str, y_label: &str, reports: &[&Report]) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">"##
    );
    let _ = writeln!(o, r##"<rect width="{W}" height="{H}" fill="white"/>"##);
    let _ = writeln!(
        o,
        r##"<text x="{}" y="20" text-anchor="middle" font-size="15">{}</text>"##,
        W / 2.0,
        esc(title)
    );
    let _ = writeln!(
        o,
        r##"<text x="{}" y="{}" text-anchor="middle">{}</text>"##,
        LEFT + (W - LEFT - RIGHT) / 2.0,
        H - 10.0,
        esc(x_label)
    );
    let _ = writeln!(
        o,
        r##"<text x="15" y="{}" text-anchor="middle" transform="rotate(-90 15 {})">{}</text>"##,
        TOP + (H - TOP - BOTTOM) / 2.0,
        TOP + (H - TOP - BOTTOM) / 2.0,
        esc(y_label)
    );
    let _ = writeln!(
        o,
        r##"<line x1="{LEFT}" y1="{}" x2="{}" y2="{}" stroke="black"/><line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{}" stroke="black"/>"##,
        H - BOTTOM,
        W - RIGHT,
        H - BOTTOM,
        H - BOTTOM
    );
    if reports.len() == 1 {
        let _ = writeln!(
            o,
            r##"<text x="{}" y="40" text-anchor="middle">{}</text>"##,
            W / 2.0,
            esc(&reports[0].game)
        );
    } else {
        for (i, r) in reports.iter().enumerate() {
            let y = 30.0 + 16.0 * i as f64;
            let _ = writeln!(
                o,
                r##"<rect x="{}" y="{}" width="12" height="10" fill="{}"/><text x="{}" y="{}">{}: {}</text>"##,
                LEFT + 10.0,
                y,
                COLOURS[i % 2],
                LEFT + 28.0,
                y + 9.0,
                ["A", "B"][i % 2],
                esc(&r.game)
            );
        }
    }
    o
}

/// Ticks along an axis: about five round values from 0 to `max`.
fn ticks(max: f64) -> Vec<f64> {
    if max <= 0.0 {
        return vec![0.0];
    }
    let raw = max / 5.0;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * magnitude);
    (0..)
        .map(|i| i as f64 * step)
        .take_while(|v| *v <= max * 1.0001)
        .collect()
}

/// Tick marks and labels on both axes (`x_max`, `y_max`: the axes' ends).
fn axes(o: &mut String, x_max: Option<f64>, y_max: f64, y_percent: bool) {
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let x_max = x_max.unwrap_or(0.0);
    for v in ticks(x_max).into_iter().filter(|_| x_max > 0.0) {
        let x = LEFT + pw * v / x_max.max(1e-9);
        let _ = writeln!(
            o,
            r##"<line x1="{x:.1}" y1="{}" x2="{x:.1}" y2="{}" stroke="black"/><text x="{x:.1}" y="{}" text-anchor="middle">{v}</text>"##,
            H - BOTTOM,
            H - BOTTOM + 5.0,
            H - BOTTOM + 18.0
        );
    }
    for v in ticks(y_max) {
        let y = H - BOTTOM - ph * v / y_max.max(1e-9);
        let label = match y_percent {
            true => format!("{:.0}%", 100.0 * v),
            false => format!("{v}"),
        };
        let _ = writeln!(
            o,
            r##"<line x1="{}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{label}</text>"##,
            LEFT,
            W - RIGHT,
            LEFT - 6.0,
            y + 4.0
        );
    }
}

/// Game lengths as a histogram of about 30 bins (share of games per bin).
fn length_chart(reports: &[&Report]) -> String {
    let max = reports
        .iter()
        .map(|r| r.length.max)
        .max()
        .unwrap_or(0)
        .max(1);
    let width = (max as f64 / 30.0).ceil().max(1.0) as u32;
    let bins = (max / width + 1) as usize;
    let shares: Vec<Vec<f64>> = reports
        .iter()
        .map(|r| {
            let mut h = vec![0.0; bins];
            for &l in &r.length.all {
                h[(l / width) as usize] += 1.0 / r.length.all.len().max(1) as f64;
            }
            h
        })
        .collect();
    let y_max = shares
        .iter()
        .flatten()
        .fold(0.0f64, |m, &v| m.max(v))
        .max(0.01);
    let x_max = f64::from(width) * bins as f64;
    let mut o = frame(
        "Game length",
        &format!("plies (bins of {width})"),
        "share of games",
        reports,
    );
    axes(&mut o, Some(x_max), y_max, true);
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let bar = pw / bins as f64 / reports.len() as f64;
    for (k, h) in shares.iter().enumerate() {
        for (i, v) in h.iter().enumerate() {
            let x = LEFT + pw * i as f64 / bins as f64 + bar * k as f64;
            let hgt = ph * v / y_max;
            let _ = writeln!(
                o,
                r##"<rect x="{x:.1}" y="{:.1}" width="{:.1}" height="{hgt:.1}" fill="{}" fill-opacity="0.8"/>"##,
                H - BOTTOM - hgt,
                bar.max(0.5),
                COLOURS[k % 2]
            );
        }
    }
    o + "</svg>\n"
}

/// Mean legal moves by ply, up to the 90th percentile of game length (beyond it few games
/// are left and the mean is noise).
fn branching_chart(reports: &[&Report]) -> String {
    let plies = reports
        .iter()
        .map(|r| (r.length.p90 as usize).min(r.branching.by_ply.len()))
        .max()
        .unwrap_or(0)
        .max(1);
    let y_max = reports
        .iter()
        .flat_map(|r| r.branching.by_ply.iter().take(plies))
        .fold(0.0f64, |m, &v| m.max(v))
        .max(1.0);
    let mut o = frame(
        "Branching over the game",
        &format!(
            "ply (up to the 90th percentile of game length{})",
            match plies.div_ceil(200) {
                1 => String::new(),
                n => format!("; means over {n} plies"),
            }
        ),
        "legal moves (mean)",
        reports,
    );
    axes(&mut o, Some(plies as f64), y_max, false);
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    // Long games: the mean over runs of `step` plies, about 200 points (the players'
    // plies alternate, and their branching differs).
    let step = plies.div_ceil(200);
    for (k, r) in reports.iter().enumerate() {
        let means = &r.branching.by_ply[..plies.min(r.branching.by_ply.len())];
        let points: Vec<String> = (means.chunks(step).enumerate())
            .map(|(i, run)| {
                let v = run.iter().sum::<f64>() / run.len() as f64;
                let x =
                    LEFT + pw * ((i * step) as f64 + run.len() as f64 / 2.0 + 0.5) / plies as f64;
                format!("{x:.1},{:.1}", H - BOTTOM - ph * v / y_max)
            })
            .collect();
        let _ = writeln!(
            o,
            r##"<polyline points="{}" fill="none" stroke="{}" stroke-width="2"/>"##,
            points.join(" "),
            COLOURS[k % 2]
        );
    }
    o + "</svg>\n"
}

/// Win rate per seat, draws and unfinished games, each with its 95% interval.
fn wins_chart(reports: &[&Report]) -> String {
    let groups: Vec<String> = (reports[0]
        .results
        .seats
        .iter()
        .map(|s| format!("{} wins", s.player)))
    .chain(["draws".to_string(), "unfinished".to_string()])
    .collect();
    let value = |r: &Report, g: usize| -> Proportion {
        match g.checked_sub(r.results.seats.len()) {
            None => r.results.seats[g].wins,
            Some(0) => r.results.draws,
            Some(_) => r.results.unfinished,
        }
    };
    let y_max = reports
        .iter()
        .flat_map(|r| (0..groups.len()).map(move |g| value(r, g).high))
        .fold(0.0f64, f64::max)
        .clamp(0.1, 1.0)
        * 1.08;
    let mut o = frame(
        "Results per seat, with 95% intervals",
        "",
        "share of games",
        reports,
    );
    axes(&mut o, None, y_max, true);
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let slot = pw / groups.len() as f64;
    let bar = slot * 0.7 / reports.len() as f64;
    let y = |v: f64| H - BOTTOM - ph * v / y_max;
    for (g, name) in groups.iter().enumerate() {
        let _ = writeln!(
            o,
            r##"<text x="{:.1}" y="{}" text-anchor="middle">{}</text>"##,
            LEFT + slot * (g as f64 + 0.5),
            H - BOTTOM + 18.0,
            esc(name)
        );
        for (k, r) in reports.iter().enumerate() {
            if g >= r.results.seats.len() + 2
                || (g < reports[0].results.seats.len() && g >= r.results.seats.len())
            {
                continue;
            }
            let p = value(r, g);
            let x = LEFT + slot * g as f64 + slot * 0.15 + bar * k as f64;
            let mid = x + bar / 2.0;
            let _ = writeln!(
                o,
                r##"<rect x="{x:.1}" y="{:.1}" width="{bar:.1}" height="{:.1}" fill="{}" fill-opacity="0.8"/><line x1="{mid:.1}" y1="{:.1}" x2="{mid:.1}" y2="{:.1}" stroke="black" stroke-width="1.5"/><text x="{mid:.1}" y="{:.1}" text-anchor="middle" font-size="11">{:.1}%</text>"##,
                y(p.rate),
                y(0.0) - y(p.rate),
                COLOURS[k % 2],
                y(p.low),
                y(p.high),
                y(p.high) - 4.0,
                100.0 * p.rate
            );
        }
    }
    o + "</svg>\n"
}
