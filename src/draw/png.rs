//! The PNG of an SVG picture, rendered in-process by resvg with the
//! judge's own embedded font, so a picture looks the same on every
//! machine and in every mail client.

use std::sync::{Arc, OnceLock};

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
  let tree = usvg::Tree::from_str(svg, options()).map_err(|e| DrawError::Render(e.to_string()))?;
  let size = tree
    .size()
    .to_int_size()
    .scale_by(scale)
    .ok_or_else(|| DrawError::Render(format!("cannot scale the picture by {scale}")))?;
  let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
    .ok_or_else(|| DrawError::Render("the picture has no area".to_string()))?;
  resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
  pixmap.encode_png().map_err(|e| DrawError::Render(e.to_string()))
}
