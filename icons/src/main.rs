//! `gadgetscope-icons`: redraw the PNG sources or build the `.info` files.
//!
//! ```text
//! gadgetscope-icons draw            # rewrite icons/art/*.png from the drawing code
//! gadgetscope-icons build <out-dir> # write every .info of icons::ICONS
//! ```
#![forbid(unsafe_code)]
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let art = Path::new(env!("CARGO_MANIFEST_DIR")).join("art");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let r = match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["draw"] => icons::draw_art(&art),
        ["build", out] => icons::build_icons(&art, Path::new(out)),
        _ => {
            eprintln!("usage: gadgetscope-icons draw | build <out-dir>");
            return ExitCode::from(2);
        }
    };
    match r {
        Ok(paths) => {
            for p in paths {
                println!("{}", p.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gadgetscope-icons: {e}");
            ExitCode::FAILURE
        }
    }
}
