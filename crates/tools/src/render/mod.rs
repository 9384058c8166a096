//! Rendering for people: boards as text and SVG, positions, and the compiled summary of a
//! game.

mod ending;
mod play_view;
mod summary;
mod svg;
mod terminal;
mod text;

pub use ending::{end_reason, end_rule_name, ending_text};
pub use play_view::{move_effects, play_view, play_view_with};
pub use summary::summary;
pub use svg::{position_svg, site_spots, tile_svg, Spot};
pub use terminal::{terminal_safe, wrapped_to};
pub use text::{
    board_text, glyph, outcome_text, outcome_words, parse_diagram, position_text, result_text,
    result_words,
};
