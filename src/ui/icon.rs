//! Aviary's icon, drawn in code: a golden feather on a deep blue disc. The
//! same pixels are the window icon and `assets/aviary.png` (a test keeps
//! the file in sync), so there is no image decoder in the app.

/// The icon as RGBA pixels, `size` × `size`.
#[must_use]
#[allow(clippy::many_single_char_names, reason = "pixel maths reads best as x, y, r, u, v")]
pub fn rgba(size: u32) -> Vec<u8> {
    let s = size as f32;
    let mut out = Vec::with_capacity((size * size * 4) as usize);
    for py in 0..size {
        for px in 0..size {
            let (x, y) = ((px as f32 + 0.5) / s * 2.0 - 1.0, (py as f32 + 0.5) / s * 2.0 - 1.0);
            let r = (x * x + y * y).sqrt();
            let mut c = [0u8, 0, 0, 0];
            if r < 0.96 {
                let shade = (1.0 - r * 0.35).clamp(0.0, 1.0);
                c = [(0x1d as f32 * shade) as u8, (0x3a as f32 * shade) as u8, (0x6e as f32 * shade) as u8, 255];
                // Feather: rotate 35° and test an ellipse-like vane around a shaft.
                let (sin, cos) = (0.574_f32, 0.819_f32);
                let u = x * cos + y * sin; // along the shaft
                let v = -x * sin + y * cos; // across
                let half_width = 0.28 * (1.0 - (u / 0.72).powi(2)).max(0.0).sqrt();
                let in_vane = u.abs() < 0.72 && v.abs() < half_width;
                let notch = u > -0.1 && u < 0.05 && v > 0.0 && v < half_width; // a split in the vane
                if in_vane && !notch {
                    let barb = ((u * 28.0 + v.abs() * 18.0).sin() * 0.5 + 0.5) * 0.18 + 0.82;
                    c = [(0xf2 as f32 * barb) as u8, (0xb8 as f32 * barb) as u8, (0x3a as f32 * barb) as u8, 255];
                }
                if v.abs() < 0.018 && u > -0.86 && u < 0.72 {
                    c = [0xfb, 0xf3, 0xde, 255]; // the shaft
                }
            } else if r < 1.0 {
                c = [0x0f, 0x1f, 0x3c, 255];
            }
            out.extend_from_slice(&c);
        }
    }
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn adler32(bytes: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &x in bytes {
        a = (a + u32::from(x)) % 65_521;
        b = (b + a) % 65_521;
    }
    (b << 16) | a
}

fn chunk(out: &mut Vec<u8>, kind: [u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
}

/// The icon as a PNG file (uncompressed deflate blocks; small sizes only).
#[must_use]
pub fn png(size: u32) -> Vec<u8> {
    let pixels = rgba(size);
    let mut raw = Vec::new();
    for row in pixels.chunks((size * 4) as usize) {
        raw.push(0); // filter: none
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
    let mut out = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&size.to_be_bytes());
    ihdr.extend_from_slice(&size.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    chunk(&mut out, *b"IHDR", &ihdr);
    chunk(&mut out, *b"IDAT", &z);
    chunk(&mut out, *b"IEND", &[]);
    out
}

/// The window icon for eframe.
#[must_use]
pub fn window_icon() -> egui::IconData {
    egui::IconData { rgba: rgba(64), width: 64, height: 64 }
}
