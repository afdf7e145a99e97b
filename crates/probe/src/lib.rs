//! What this machine offers the tests that need more than Rust and the checkout: the public
//! datasets beside it and outside programs (GLPK, Chromium, ChromeDriver, Slurm).
//!
//! A package's build script calls [`tell_cargo`] with what its tests need. Each need that is
//! missing becomes a `cfg` ([`Need::cfg`]), and a test that needs it carries, for example,
//! `#[cfg_attr(missing_glpk, ignore = "GLPK's glpsol is not installed")]`. `cargo test` then lists
//! the test as ignored with why, instead of passing it having checked nothing. At run time,
//! tests find the same things through [`public_datasets_dir`] and [`program`].
//!
//! The build script runs again when `PATH` or `SUDOKU_DATASETS` changes, or when something it
//! found goes away. Something installed later under the same `PATH` is not noticed until the
//! package is rebuilt (`cargo clean -p PACKAGE`): cargo re-runs a build script on every build
//! when it is told to watch a path that does not exist, which would rebuild the package each
//! time.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Something a test needs from outside the checkout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// The public benchmark sets ([`public_datasets_dir`]).
    PublicDatasets,
    /// GLPK's `glpsol` (Debian `glpk-utils`).
    Glpk,
    /// A Chromium to load pages in ([`CHROMIUM`]).
    Chromium,
    /// `chromedriver` (Debian `chromium-driver`), the WebDriver server that drives Chromium.
    ChromeDriver,
    /// Slurm's daemons and clients ([`SLURM`]) and root, which the daemons run as.
    Slurm,
}

/// The names distributions give Chromium, in the order they are tried.
pub const CHROMIUM: [&str; 4] = [
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
];

/// The programs a one-node Slurm cluster needs: the daemons, munge's key maker and the clients.
pub const SLURM: [&str; 8] = [
    "munged",
    "mungekey",
    "slurmctld",
    "slurmd",
    "sbatch",
    "sinfo",
    "scontrol",
    "scancel",
];

/// Daemons live in sbin as well as bin; a root shell has both on `PATH`, `cargo test` may not.
const SBIN: [&str; 3] = ["/usr/local/sbin", "/usr/sbin", "/sbin"];

impl Need {
    /// The `cfg` set when this is missing.
    pub fn cfg(self) -> &'static str {
        match self {
            Need::PublicDatasets => "missing_public_datasets",
            Need::Glpk => "missing_glpk",
            Need::Chromium => "missing_chromium",
            Need::ChromeDriver => "missing_chromedriver",
            Need::Slurm => "missing_slurm",
        }
    }

    /// What it is, in words.
    pub fn name(self) -> &'static str {
        match self {
            Need::PublicDatasets => "the public datasets",
            Need::Glpk => "GLPK",
            Need::Chromium => "Chromium",
            Need::ChromeDriver => "ChromeDriver",
            Need::Slurm => "Slurm",
        }
    }

    /// Why this machine lacks it, or `None` when it has it.
    pub fn missing(self) -> Option<String> {
        self.found().err()
    }

    /// The files that show it is here (for the build script to watch), or why it is not.
    fn found(self) -> Result<Vec<PathBuf>, String> {
        match self {
            Need::PublicDatasets => public_datasets_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
                .filter(|dir| dir.is_dir())
                .map(|dir| vec![dir])
                .ok_or_else(|| {
                    "no shared/datasets folder beside the checkout, and $SUDOKU_DATASETS names none"
                        .into()
                }),
            Need::Glpk => program(&["glpsol"])
                .map(|path| vec![path])
                .ok_or_else(|| "glpsol not found; scripts/setup.sh installs glpk-utils".into()),
            Need::Chromium => program(&CHROMIUM).map(|path| vec![path]).ok_or_else(|| {
                format!(
                    "none of {} found; scripts/setup.sh installs Debian's chromium",
                    CHROMIUM.join(", ")
                )
            }),
            Need::ChromeDriver => program(&["chromedriver"])
                .map(|path| vec![path])
                .ok_or_else(|| {
                    "chromedriver not found; scripts/setup.sh installs Debian's chromium-driver"
                        .into()
                }),
            Need::Slurm => {
                let (found, missing): (Vec<_>, Vec<_>) = SLURM
                    .iter()
                    .map(|name| (name, program(&[name])))
                    .partition(|(_, p)| p.is_some());
                if !missing.is_empty() {
                    let names: Vec<&str> = missing.iter().map(|(name, _)| **name).collect();
                    return Err(format!(
                        "{} not found; scripts/setup.sh installs Debian's slurm-wlm and munge",
                        names.join(", ")
                    ));
                }
                match user_id() {
                    Some(0) => Ok(found.into_iter().filter_map(|(_, path)| path).collect()),
                    uid => Err(format!(
                        "the Slurm daemons run as root (SlurmUser=root) and this runs as uid {}",
                        uid.map_or("unknown".into(), |uid| uid.to_string())
                    )),
                }
            }
        }
    }
}

/// For a build script: declares the `cfg` of each need and sets it for each one missing, with
/// what cargo must watch to run the script again. Prints a warning naming each missing need, so
/// the build says what its tests will leave out.
pub fn tell_cargo(needs: &[Need]) {
    println!("cargo::rerun-if-env-changed=PATH");
    println!("cargo::rerun-if-env-changed=SUDOKU_DATASETS");
    for &need in needs {
        println!("cargo::rustc-check-cfg=cfg({})", need.cfg());
        match need.found() {
            Ok(paths) => {
                for path in paths.iter().filter_map(|path| path.to_str()) {
                    println!("cargo::rerun-if-changed={path}");
                }
            }
            Err(why) => {
                println!("cargo::rustc-cfg={}", need.cfg());
                println!(
                    "cargo::warning=tests needing {} are ignored: {why}",
                    need.name()
                );
            }
        }
    }
}

/// Where the public benchmark sets are: the folder named by `$SUDOKU_DATASETS`, else the first
/// `shared/datasets` folder among `start`'s ancestors (they are read in place, never copied into
/// the checkout).
pub fn public_datasets_dir(start: &Path) -> Option<PathBuf> {
    match std::env::var_os("SUDOKU_DATASETS") {
        Some(dir) => Some(PathBuf::from(dir)),
        None => shared_datasets_above(start),
    }
}

/// The first `shared/datasets` folder among `start`'s ancestors.
fn shared_datasets_above(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .map(|folder| folder.join("shared/datasets"))
        .find(|folder| folder.is_dir())
}

/// `PATH` with the sbin folders after it: where [`program`] looks, and the `PATH` to give the
/// programs it finds.
pub fn search_path() -> OsString {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let folders = std::env::split_paths(&path).chain(SBIN.iter().map(PathBuf::from));
    std::env::join_paths(folders).unwrap_or(path)
}

/// The first of `names` found on [`search_path`].
pub fn program(names: &[&str]) -> Option<PathBuf> {
    let folders: Vec<PathBuf> = std::env::split_paths(&search_path()).collect();
    names
        .iter()
        .flat_map(|name| folders.iter().map(move |folder| folder.join(name)))
        .find(|candidate| candidate.is_file())
}

/// The user id this runs as, from `id -u`.
fn user_id() -> Option<u32> {
    let output = Command::new("id").arg("-u").output().ok()?;
    String::from_utf8_lossy(&output.stdout).trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_is_found_on_the_path_and_a_made_up_one_is_not() {
        assert!(program(&["sh"]).is_some_and(|path| path.ends_with("sh")));
        assert_eq!(program(&["no-such-program-sudoku-probe"]), None);
        // The first name found wins; names not found are passed over.
        assert!(program(&["no-such-program-sudoku-probe", "sh"]).is_some());
    }

    #[test]
    fn the_datasets_folder_is_found_among_the_ancestors() {
        let root = std::env::temp_dir().join(format!("sudoku-probe-{}", std::process::id()));
        let deep = root.join("checkout/crates/one");
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::create_dir_all(root.join("shared/datasets")).unwrap();
        assert_eq!(
            shared_datasets_above(&deep),
            Some(root.join("shared/datasets"))
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
