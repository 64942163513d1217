//! The loss curves as a PNG, written by hand (stored deflate blocks need no compressor): a
//! picture a reader can look at without a plotting stack. Training loss blue, validation loss
//! red, the hand-set evaluation's validation loss as a grey line; epochs left to right, the
//! vertical axis from the lowest to the highest loss shown. The numbers themselves are in the
//! trainer's output and its CSV.

const W: usize = 640;
const H: usize = 360;
const MARGIN: usize = 30;

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
}

/// The PNG of the curves (`train` and `validation` per epoch, `baseline` a constant).
pub fn png(train: &[f64], validation: &[f64], baseline: f64) -> Vec<u8> {
    let mut canvas = Canvas {
        rgb: vec![255; W * H * 3],
    };
    let all = train.iter().chain(validation).chain([&baseline]);
    let (lo, hi) = all.fold((f64::MAX, f64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    let span = (hi - lo).max(1e-12);
    let (left, right, top, bottom) = (
        MARGIN as f64,
        (W - MARGIN) as f64,
        MARGIN as f64,
        (H - MARGIN) as f64,
    );
    let n = train.len().max(2) - 1;
    let x = |i: usize| left + (right - left) * i as f64 / n as f64;
    let y = |v: f64| bottom - (bottom - top) * (v - lo) / span;
    canvas.line((left, bottom), (right, bottom), [0, 0, 0]);
    canvas.line((left, top), (left, bottom), [0, 0, 0]);
    canvas.line((left, y(baseline)), (right, y(baseline)), [150, 150, 150]);
    for (series, colour) in [(train, [40, 90, 220]), (validation, [220, 50, 40])] {
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
