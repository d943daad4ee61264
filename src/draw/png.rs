//! The PNG of an SVG picture, rendered in-process by resvg with the
//! judge's own embedded font, so a picture looks the same on every
//! machine and in every mail client.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use resvg::{tiny_skia, usvg};

use super::DrawError;

/// DejaVu Sans (Bitstream Vera licence, `data/fonts/LICENSE`): the one
/// family the pictures name, so a browser that has it draws the same.
const FONTS: [&[u8]; 2] = [
  include_bytes!("../../data/fonts/DejaVuSans.ttf"),
  include_bytes!("../../data/fonts/DejaVuSans-Bold.ttf"),
];

/// The font family every picture's text uses.
pub const FONT_FAMILY: &str = "DejaVu Sans";

fn options() -> &'static usvg::Options<'static> {
  static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
  OPTIONS.get_or_init(|| {
    let mut db = usvg::fontdb::Database::new();
    for font in FONTS {
      db.load_font_data(font.to_vec());
    }
    db.set_sans_serif_family(FONT_FAMILY);
    usvg::Options {
      font_family: FONT_FAMILY.to_string(),
      fontdb: Arc::new(db),
      ..usvg::Options::default()
    }
  })
}

/// Renders `svg` at `scale` times its size in user units.
pub fn render(svg: &str, scale: f32) -> Result<Vec<u8>, DrawError> {
  let svg = with_outlined_names(svg);
  let tree = usvg::Tree::from_str(&svg, options()).map_err(|e| DrawError::Render(e.to_string()))?;
  let size = tree
    .size()
    .to_int_size()
    .scale_by(scale)
    .ok_or_else(|| DrawError::Render(format!("cannot scale the picture by {scale}")))?;
  let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
    .ok_or_else(|| DrawError::Render("the picture has no area".to_string()))?;
  // On white, so that the picture is opaque and goes out as RGB: a
  // quarter less to compress than RGBA, and no alpha to undo.
  pixmap.fill(tiny_skia::Color::WHITE);
  resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
  encode(&pixmap)
}

/// The PNG of an opaque pixmap, as RGB.
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, DrawError> {
  let rgb: Vec<u8> = pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
  let mut out = Vec::with_capacity(rgb.len() / 8);
  let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
  encoder.set_color(png::ColorType::Rgb);
  encoder.set_depth(png::BitDepth::Eight);
  encoder.set_compression(png::Compression::Balanced);
  let failed = |e: png::EncodingError| DrawError::Render(e.to_string());
  let mut writer = encoder.write_header().map_err(failed)?;
  writer.write_image_data(&rgb).map_err(failed)?;
  writer.finish().map_err(failed)?;
  Ok(out)
}

/// The block of province names that starts every picture's labels.
const NAMES_START: &str = "<g class=\"names\"";

/// How many boards' outlined names are kept; more are dropped and made
/// again (there are about thirty boards).
const NAMES_KEPT: usize = 64;

/// `svg` with its province names (the same block in every picture of a
/// board) as glyph outlines made once per board: laying out text is most
/// of the time a render takes, and the names are most of the text.
/// Anything unexpected leaves the picture as it is.
fn with_outlined_names(svg: &str) -> Cow<'_, str> {
  let Some(start) = svg.find(NAMES_START) else { return Cow::Borrowed(svg) };
  let Some(length) = svg[start..].find("</g>") else { return Cow::Borrowed(svg) };
  let end = start + length + "</g>".len();
  let block = &svg[start..end];
  static KEPT: OnceLock<Mutex<HashMap<String, Arc<String>>>> = OnceLock::new();
  let kept = KEPT.get_or_init(|| Mutex::new(HashMap::new()));
  let known = kept.lock().ok().and_then(|k| k.get(block).cloned());
  let outlined = match known {
    Some(outlined) => outlined,
    None => {
      let Some(outlined) = outline(block) else { return Cow::Borrowed(svg) };
      let outlined = Arc::new(outlined);
      if let Ok(mut kept) = kept.lock() {
        if kept.len() >= NAMES_KEPT {
          kept.clear();
        }
        kept.insert(block.to_string(), outlined.clone());
      }
      outlined
    }
  };
  Cow::Owned(format!("{}{}{}", &svg[..start], outlined, &svg[end..]))
}

/// A block of text elements as the paths of their glyphs, in the same
/// user units (the wrapper's view box is the identity).
fn outline(block: &str) -> Option<String> {
  let wrapper = format!(
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100000\" height=\"100000\" \
     viewBox=\"0 0 100000 100000\" font-family=\"{FONT_FAMILY}\">{block}</svg>"
  );
  let tree = usvg::Tree::from_str(&wrapper, options()).ok()?;
  let written = tree.to_string(&usvg::WriteOptions {
    id_prefix: Some("names-".to_string()),
    preserve_text: false,
    coordinates_precision: 2,
    ..usvg::WriteOptions::default()
  });
  let open = written.find("<svg")?;
  let inner = open + written[open..].find('>')? + 1;
  let close = written.rfind("</svg>")?;
  (inner <= close).then(|| format!("<g>{}</g>", &written[inner..close]))
}

#[cfg(test)]
mod tests {
  use super::*;

  fn pixels(svg: &str) -> Vec<u8> {
    let tree = usvg::Tree::from_str(svg, options()).expect("parses");
    let mut pixmap = tiny_skia::Pixmap::new(120, 40).expect("a pixmap");
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    pixmap.data().to_vec()
  }

  #[test]
  fn outlined_names_look_like_the_text() {
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"40\" \
      viewBox=\"-10 0 120 40\" font-family=\"DejaVu Sans\">\
      <g class=\"names\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\">\
      <text x=\"40\" y=\"25\" fill=\"#3d3118\">Stp</text></g></svg>";
    let outlined = with_outlined_names(svg);
    assert!(!outlined.contains("<text"), "{outlined}");
    let (before, after) = (pixels(svg), pixels(&outlined));
    let ink = before.chunks(4).filter(|p| p[3] > 0).count();
    assert!(ink > 50, "the text draws: {ink} pixels");
    let differ = before.iter().zip(&after).filter(|(a, b)| a.abs_diff(**b) > 8).count();
    assert!(differ * 50 < ink, "{differ} channels differ of {ink} inked pixels");
  }

  #[test]
  fn a_picture_without_names_is_left_alone() {
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>";
    assert!(matches!(with_outlined_names(svg), Cow::Borrowed(_)));
  }
}
