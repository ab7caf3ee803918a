//! `gadgetscope-catcomp`: the catalog compiler from a Shell.
//!
//! ```text
//! gadgetscope-catcomp build <out-dir>   # Catalogs/<language>/gadgetscope.catalog
//! gadgetscope-catcomp generate          # rewrite catalogs/generated/strings.rs
//! gadgetscope-catcomp check             # parse everything, report, write nothing
//! ```
//! Diagnostics go to stderr as `file:line: error|warning: text`; the exit
//! status is 1 on any error.
#![forbid(unsafe_code)]
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn report(d: &[catalogs::Diagnostic]) {
    for x in d {
        eprintln!("{x}");
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = root().join("catalogs");
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["build", out] => catalogs::build_all(&dir, Path::new(out)).map(|(written, warnings)| {
            report(&warnings);
            for w in written {
                println!("{}", w.display());
            }
        }),
        ["generate"] => catalogs::generated_source(&dir).map(|src| {
            std::fs::write(root().join(catalogs::GENERATED_PATH), src).expect("write the generated module");
            println!("{}", catalogs::GENERATED_PATH);
        }),
        ["check"] => {
            let tmp = std::env::temp_dir().join(format!("gadgetscope-catcomp-{}", std::process::id()));
            let r = catalogs::build_all(&dir, &tmp).map(|(_, warnings)| report(&warnings));
            let _ = std::fs::remove_dir_all(&tmp);
            r
        }
        _ => {
            eprintln!("usage: gadgetscope-catcomp build <out-dir> | generate | check");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(d) => {
            report(&d);
            ExitCode::FAILURE
        }
    }
}
