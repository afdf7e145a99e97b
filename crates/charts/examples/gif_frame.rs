//! Writes one frame of an animation as a PNG, to look at a GIF frame by frame:
//! `cargo run -p sudoku-charts --example gif_frame -- search.gif 150 frame.png` (a frame
//! index past the end takes the last frame; `middle` takes the middle one).

use std::fs::File;
use std::io::BufWriter;

use anyhow::{Context, Result, bail};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [gif_path, which, png_path] = args.as_slice() else {
        bail!("usage: gif_frame ANIMATION.gif INDEX|middle OUT.png");
    };
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let file = File::open(gif_path).with_context(|| format!("cannot open {gif_path}"))?;
    let mut decoder = options.read_info(file)?;
    let (width, height) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame()? {
        frames.push(frame.buffer.to_vec());
    }
    let index = match which.as_str() {
        "middle" => frames.len() / 2,
        number => number.parse::<usize>()?.min(frames.len().saturating_sub(1)),
    };
    let pixels = frames.get(index).context("the animation has no frame")?;
    let out = BufWriter::new(File::create(png_path)?);
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header()?.write_image_data(pixels)?;
    println!("{png_path}: frame {index} of {}", frames.len());
    Ok(())
}
