//! The chart of a game: each power's supply-centre count by year, one
//! line per power in its colour, as players plot it by hand from SUMMARY.

use std::fmt::Write as _;

/// The data of a chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
  /// `Game 'alpha' (Standard): supply centres by year`
  pub title: String,
  /// The years along the bottom (`1901`, `1902`…), oldest first.
  pub years: Vec<String>,
  pub lines: Vec<ChartLine>,
}

/// One power's line.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartLine {
  pub power: String,
  /// `#rrggbb`
  pub color: String,
  /// Its count at the end of each year of `years`; `None` where it had
  /// no count (not yet in the game).
  pub counts: Vec<Option<u32>>,
}

/// The chart as an SVG document (a first cut).
pub fn chart_svg(chart: &Chart) -> String {
  let mut out = String::new();
  let _ = writeln!(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 640 400\">");
  let _ = writeln!(out, "<title>{}</title>", super::svg::escape(&chart.title));
  out.push_str("</svg>\n");
  out
}
