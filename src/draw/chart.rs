//! The chart of a game: each power's supply-centre count by year, one
//! line per power in its colour, as players plot it by hand from SUMMARY.

use std::fmt::Write as _;

use super::svg::escape;

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

/// The chart's size in SVG user units (and in pixels at scale 1).
const WIDTH: f64 = 800.0;
const HEIGHT: f64 = 500.0;
/// The plot area: left, top, right, bottom.
const PLOT: [f64; 4] = [60.0, 60.0, 620.0, 440.0];

/// The chart as an SVG document: a title, axes with year and count
/// ticks, one polyline with point markers per power (`data-power`), and
/// a legend with each power's name and last count.
pub fn chart_svg(chart: &Chart) -> String {
  let [left, top, right, bottom] = PLOT;
  let font = super::FONT_FAMILY;
  let mut out = String::with_capacity(16 * 1024);
  let _ = writeln!(
    out,
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
     viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"{font}\">"
  );
  let title = escape(&chart.title);
  let _ = writeln!(out, "<title>{title}</title>");
  let _ = writeln!(out, "<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>");
  let _ = writeln!(
    out,
    "<text x=\"{}\" y=\"32\" font-size=\"18\" font-weight=\"bold\" text-anchor=\"middle\" \
     fill=\"#000000\">{title}</text>",
    WIDTH / 2.0
  );
  let most = chart.lines.iter().flat_map(|l| l.counts.iter().flatten()).copied().max().unwrap_or(0);
  let step = match most {
    0..=10 => 1,
    11..=24 => 2,
    25..=60 => 5,
    _ => 10,
  };
  let top_count = most.div_ceil(step).max(1) * step;
  let y_of = |count: u32| bottom - (bottom - top) * f64::from(count) / f64::from(top_count);
  let years = chart.years.len();
  let x_of = |i: usize| {
    if years <= 1 {
      (left + right) / 2.0
    } else {
      left + (right - left) * i as f64 / (years - 1) as f64
    }
  };
  // Grid and count ticks.
  out.push_str("<g data-axis=\"counts\" font-size=\"12\" fill=\"#000000\">\n");
  let mut count = 0;
  while count <= top_count {
    let y = y_of(count);
    let _ = writeln!(
      out,
      "<line x1=\"{left}\" y1=\"{y:.1}\" x2=\"{right}\" y2=\"{y:.1}\" stroke=\"#dddddd\" \
       stroke-width=\"1\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{count}</text>",
      left - 6.0,
      y + 4.0
    );
    count += step;
  }
  let _ = writeln!(
    out,
    "<text x=\"18\" y=\"{:.1}\" text-anchor=\"middle\" transform=\"rotate(-90 18 {:.1})\">\
     Supply centres</text>",
    (top + bottom) / 2.0,
    (top + bottom) / 2.0
  );
  out.push_str("</g>\n");
  // Year ticks, thinned so the labels do not touch.
  out.push_str("<g data-axis=\"years\" font-size=\"12\" fill=\"#000000\">\n");
  let every = years.div_ceil(14).max(1);
  for (i, year) in chart.years.iter().enumerate() {
    let x = x_of(i);
    let _ = writeln!(
      out,
      "<line x1=\"{x:.1}\" y1=\"{bottom}\" x2=\"{x:.1}\" y2=\"{}\" stroke=\"#000000\" \
       stroke-width=\"1\"/>",
      bottom + 5.0
    );
    if i % every == 0 || i + 1 == years {
      let _ = writeln!(
        out,
        "<text x=\"{x:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
        bottom + 20.0,
        escape(year)
      );
    }
  }
  let _ = writeln!(
    out,
    "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">Year</text>",
    (left + right) / 2.0,
    bottom + 42.0
  );
  out.push_str("</g>\n");
  // The axes over the grid.
  let _ = writeln!(
    out,
    "<path d=\"M{left} {top}V{bottom}H{right}\" fill=\"none\" stroke=\"#000000\" \
     stroke-width=\"1.5\"/>"
  );
  for line in &chart.lines {
    let power = escape(&line.power);
    let color = escape(&line.color);
    let points: Vec<(usize, u32)> =
      line.counts.iter().enumerate().filter_map(|(i, c)| c.map(|c| (i, c))).collect();
    let _ = writeln!(out, "<g data-power=\"{power}\">");
    let path: Vec<String> =
      points.iter().map(|&(i, c)| format!("{:.1},{:.1}", x_of(i), y_of(c))).collect();
    // A dark edge under the colour, so white and yellow powers show.
    let joined = path.join(" ");
    let _ = writeln!(
      out,
      "<polyline points=\"{joined}\" fill=\"none\" stroke=\"#555555\" stroke-width=\"4\" \
       stroke-linejoin=\"round\"/>\n<polyline data-power=\"{power}\" points=\"{joined}\" \
       fill=\"none\" stroke=\"{color}\" stroke-width=\"2.5\" stroke-linejoin=\"round\"/>"
    );
    for &(i, c) in &points {
      let _ = writeln!(
        out,
        "<circle data-year=\"{}\" data-count=\"{c}\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"3.5\" \
         fill=\"{color}\" stroke=\"#000000\" stroke-width=\"0.75\"/>",
        escape(chart.years.get(i).map_or("", String::as_str)),
        x_of(i),
        y_of(c)
      );
    }
    out.push_str("</g>\n");
  }
  // The legend: colour, name and the last count.
  out.push_str("<g data-legend=\"powers\" font-size=\"13\" fill=\"#000000\">\n");
  for (row, line) in chart.lines.iter().enumerate() {
    let y = top + 10.0 + 22.0 * row as f64;
    let x = right + 30.0;
    let last = line.counts.iter().rev().flatten().next();
    let last = last.map_or(String::new(), |c| format!(" ({c})"));
    let _ = writeln!(
      out,
      "<rect x=\"{x}\" y=\"{:.1}\" width=\"24\" height=\"12\" fill=\"{}\" stroke=\"#000000\" \
       stroke-width=\"0.75\"/><text x=\"{}\" y=\"{:.1}\">{}{last}</text>",
      y - 10.0,
      escape(&line.color),
      x + 32.0,
      y,
      escape(&line.power)
    );
  }
  out.push_str("</g>\n</svg>\n");
  out
}

#[cfg(test)]
mod tests {
  use super::*;

  fn sample() -> Chart {
    Chart {
      title: "Game 'a&b' (Standard): supply centres by year".to_string(),
      years: (1901..=1910).map(|y| y.to_string()).collect(),
      lines: vec![
        ChartLine {
          power: "Austria".to_string(),
          color: "#c48f85".to_string(),
          counts: (0..10).map(|i| Some(3 + i)).collect(),
        },
        ChartLine {
          power: "Turkey".to_string(),
          color: "#b9a61c".to_string(),
          counts: (0..10).map(|i| (i < 6).then_some(3)).collect(),
        },
      ],
    }
  }

  #[test]
  fn one_line_per_power_with_a_marker_per_count() {
    let svg = chart_svg(&sample());
    assert_eq!(svg.matches("<polyline data-power=").count(), 2);
    assert!(svg.contains("<polyline data-power=\"Austria\""));
    assert!(svg.contains("stroke=\"#c48f85\""));
    assert_eq!(svg.matches("<circle").count(), 16, "a marker per known count");
    assert!(svg.contains("Austria (12)"), "the legend gives the last count");
    assert!(svg.contains("a&amp;b"), "the title is escaped");
    assert!(svg.contains(">1910</text>"));
    assert!(svg.contains(">12</text>"), "the count axis reaches the highest count");
  }

  #[test]
  fn the_chart_renders() {
    let png = super::super::png(&chart_svg(&sample()), 1.0).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
  }
}
