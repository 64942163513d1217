//! The loss curves as a PNG, written by hand (stored deflate blocks need no compressor): a
//! picture a reader can look at without a plotting stack. Training loss blue, validation loss
//! red, the hand-set evaluation's validation loss as a grey line, each named in the legend;
//! epochs numbered left to right, the vertical axis from the lowest to the highest loss shown,
//! with both ends and the middle labelled. The labels use a 3×5 pixel font of the few
//! characters they need, drawn twice the size. The exact numbers are in the trainer's output
//! and its CSV.

const W: usize = 640;
const H: usize = 360;
const LEFT: f64 = 84.0;
const RIGHT: f64 = (W - 20) as f64;
const TOP: f64 = 36.0;
const BOTTOM: f64 = (H - 44) as f64;
/// Pixels per font pixel, and a character's advance.
const SCALE: i64 = 2;
const ADVANCE: i64 = 4 * SCALE;

const BLACK: [u8; 3] = [0, 0, 0];
const GREY: [u8; 3] = [150, 150, 150];
const BLUE: [u8; 3] = [40, 90, 220];
const RED: [u8; 3] = [220, 50, 40];

/// The glyph of `c`: five rows top down, three bits each, the left pixel the high bit; `None`
/// for a character the labels never use.
fn glyph(c: char) -> Option<[u8; 5]> {
    Some(match c.to_ascii_uppercase() {
        ' ' => [0, 0, 0, 0, 0],
        '0' | 'O' => [7, 5, 5, 5, 7],
        '1' => [2, 6, 2, 2, 7],
        '2' => [7, 1, 7, 4, 7],
        '3' => [7, 1, 7, 1, 7],
        '4' => [5, 5, 7, 1, 1],
        '5' | 'S' => [7, 4, 7, 1, 7],
        '6' => [7, 4, 7, 5, 7],
        '7' => [7, 1, 1, 1, 1],
        '8' => [7, 5, 7, 5, 7],
        '9' => [7, 5, 7, 1, 7],
        '.' => [0, 0, 0, 0, 2],
        '-' => [0, 0, 7, 0, 0],
        'A' => [2, 5, 7, 5, 5],
        'C' => [7, 4, 4, 4, 7],
        'D' => [6, 5, 5, 5, 6],
        'E' => [7, 4, 7, 4, 7],
        'G' => [7, 4, 5, 5, 7],
        'H' => [5, 5, 7, 5, 5],
        'I' => [7, 2, 2, 2, 7],
        'L' => [4, 4, 4, 4, 7],
        'N' => [6, 5, 5, 5, 5],
        'P' => [7, 5, 7, 4, 4],
        'R' => [6, 5, 6, 5, 5],
        'T' => [7, 2, 2, 2, 2],
        'U' => [5, 5, 5, 5, 7],
        'V' => [5, 5, 5, 5, 2],
        _ => return None,
    })
}

struct Canvas {
    rgb: Vec<u8>,
}

impl Canvas {
    fn set(&mut self, x: i64, y: i64, c: [u8; 3]) {
        if (0..W as i64).contains(&x) && (0..H as i64).contains(&y) {
            let i = (y as usize * W + x as usize) * 3;
            self.rgb[i..i + 3].copy_from_slice(&c);
        }
    }

    /// A line two pixels thick.
    fn line(&mut self, (x0, y0): (f64, f64), (x1, y1): (f64, f64), c: [u8; 3]) {
        let steps = ((x1 - x0).abs().max((y1 - y0).abs()) as usize).max(1);
        for s in 0..=steps {
            let t = s as f64 / steps as f64;
            let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                self.set(x as i64 + dx, y as i64 + dy, c);
            }
        }
    }

    /// `text` with its top left corner at (x, y); characters without a glyph are left blank.
    fn text(&mut self, x: i64, y: i64, text: &str, c: [u8; 3]) {
        for (k, ch) in text.chars().enumerate() {
            let rows = glyph(ch).unwrap_or_default();
            for (r, bits) in rows.iter().enumerate() {
                for col in 0..3 {
                    if bits >> (2 - col) & 1 == 1 {
                        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                            let px = x + k as i64 * ADVANCE + col * SCALE + dx;
                            self.set(px, y + r as i64 * SCALE + dy, c);
                        }
                    }
                }
            }
        }
    }

    /// `text` ending at x (right-aligned), vertically centred on y.
    fn text_left_of(&mut self, x: i64, y: i64, text: &str, c: [u8; 3]) {
        let width = text.chars().count() as i64 * ADVANCE;
        self.text(x - width, y - 5 * SCALE / 2, text, c);
    }
}

/// Every label the plot writes, for the test that the font covers them.
fn legend() -> [(&'static str, [u8; 3]); 3] {
    [
        ("training", BLUE),
        ("validation", RED),
        ("hand-set evaluation", GREY),
    ]
}

/// The PNG of the curves (`train` and `validation` per epoch, `baseline` a constant).
pub fn png(train: &[f64], validation: &[f64], baseline: f64) -> Vec<u8> {
    let mut canvas = Canvas {
        rgb: vec![255; W * H * 3],
    };
    let all = train.iter().chain(validation).chain([&baseline]);
    let (lo, hi) = all.fold((f64::MAX, f64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    let span = (hi - lo).max(1e-12);
    let n = train.len().max(2) - 1;
    let x = |i: usize| LEFT + (RIGHT - LEFT) * i as f64 / n as f64;
    let y = |v: f64| BOTTOM - (BOTTOM - TOP) * (v - lo) / span;
    canvas.line((LEFT, BOTTOM), (RIGHT, BOTTOM), BLACK);
    canvas.line((LEFT, TOP), (LEFT, BOTTOM), BLACK);
    // The loss axis: lowest, middle and highest value, with ticks.
    for v in [lo, (lo + hi) / 2.0, hi] {
        canvas.line((LEFT - 5.0, y(v)), (LEFT, y(v)), BLACK);
        canvas.text_left_of(LEFT as i64 - 8, y(v) as i64, &format!("{v:.6}"), BLACK);
    }
    // The epoch axis: a tick per epoch, numbered (every k-th when there are many).
    let every = train.len().div_ceil(20).max(1);
    for i in 0..train.len() {
        canvas.line((x(i), BOTTOM), (x(i), BOTTOM + 4.0), BLACK);
        if i % every == 0 || i + 1 == train.len() {
            let label = (i + 1).to_string();
            let half = label.len() as i64 * ADVANCE / 2;
            canvas.text(x(i) as i64 - half, BOTTOM as i64 + 8, &label, BLACK);
        }
    }
    canvas.text(
        (LEFT + RIGHT) as i64 / 2 - 20,
        H as i64 - 14,
        "epoch",
        BLACK,
    );
    // The legend, above the plot.
    let mut at = LEFT as i64;
    for (name, colour) in legend() {
        canvas.line((at as f64, 14.0), (at as f64 + 18.0, 14.0), colour);
        canvas.text(at + 24, 10, name, BLACK);
        at += 24 + name.len() as i64 * ADVANCE + 24;
    }
    canvas.line((LEFT, y(baseline)), (RIGHT, y(baseline)), GREY);
    for (series, colour) in [(train, BLUE), (validation, RED)] {
        for i in 1..series.len() {
            canvas.line((x(i - 1), y(series[i - 1])), (x(i), y(series[i])), colour);
        }
        if series.len() == 1 {
            canvas.line((x(0), y(series[0])), (x(0) + 4.0, y(series[0])), colour);
        }
    }
    encode(&canvas.rgb)
}

fn encode(rgb: &[u8]) -> Vec<u8> {
    let mut raw = Vec::with_capacity((W * 3 + 1) * H);
    for row in rgb.chunks(W * 3) {
        raw.push(0);
        raw.extend_from_slice(row);
    }
    let mut z = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = raw.chunks(65_535).collect();
    for (i, block) in blocks.iter().enumerate() {
        z.push(u8::from(i + 1 == blocks.len()));
        let len = block.len() as u16;
        z.extend_from_slice(&len.to_le_bytes());
        z.extend_from_slice(&(!len).to_le_bytes());
        z.extend_from_slice(block);
    }
    z.extend_from_slice(&adler32(&raw).to_be_bytes());
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&(W as u32).to_be_bytes());
    ihdr.extend_from_slice(&(H as u32).to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    for (kind, data) in [(b"IHDR", &ihdr[..]), (b"IDAT", &z[..]), (b"IEND", &[][..])] {
        png.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let start = png.len();
        png.extend_from_slice(kind);
        png.extend_from_slice(data);
        let crc = crc32(&png[start..]);
        png.extend_from_slice(&crc.to_be_bytes());
    }
    png
}

fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &d in data {
        a = (a + u32::from(d)) % 65_521;
        b = (b + a) % 65_521;
    }
    (b << 16) | a
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &d in data {
        crc ^= u32::from(d);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_has_a_glyph_for_every_character_a_label_uses() {
        let numbers = (0..10).map(|d| d.to_string()).collect::<String>() + ".-";
        let words: String = legend().iter().map(|(name, _)| *name).collect();
        for c in (numbers + &words + "epoch").chars() {
            assert!(glyph(c).is_some(), "no glyph for {c:?}");
        }
        // Distinct digits: a reader tells the numbers apart.
        let digits: std::collections::HashSet<_> = ('0'..='9').map(|c| glyph(c).unwrap()).collect();
        assert_eq!(digits.len(), 10);
    }
}
