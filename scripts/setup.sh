#!/usr/bin/env bash
# Installs what building and testing need, only when it is missing. Sourced by the other scripts.
if ! command -v cargo >/dev/null 2>&1; then
    echo "cargo is required: install a Rust toolchain (rustup or your distribution)" >&2
    exit 1
fi

# The integer-programming solvers link CBC (coinor-libcbc-dev), run GLPK's glpsol (glpk-utils)
# and compile HiGHS from source (cmake, g++, libclang-dev); the report's browser test loads the
# page in headless Chromium (chromium), and the lab's browser test drives it through WebDriver
# (chromium-driver's chromedriver); the Slurm test starts a one-node cluster with Slurm's daemons
# and clients (slurm-wlm) and munge's (munge); all from Debian's packages.
missing=()
# A library's development files: its unversioned `.so` (what the linker and libclang's loader
# look for; the runtime package alone ships only versioned names).
have_dev_lib() {
    local dir
    for dir in /usr/lib /usr/lib/*-linux-gnu /usr/local/lib /usr/lib/llvm-*/lib; do
        [ -e "$dir/lib$1.so" ] && return 0
    done
    return 1
}
{ have_dev_lib CbcSolver && [ -e /usr/include/coin/Cbc_C_Interface.h ]; } \
    || missing+=(coinor-libcbc-dev)
command -v glpsol >/dev/null 2>&1 || missing+=(glpk-utils)
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
have_dev_lib clang || missing+=(libclang-dev)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
{ command -v slurmctld && command -v slurmd && command -v sbatch; } >/dev/null 2>&1 \
    || missing+=(slurm-wlm)
command -v munged >/dev/null 2>&1 || missing+=(munge)
if [ ${#missing[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null 2>&1; then
        sudo=""
        [ "$(id -u)" -ne 0 ] && sudo="sudo"
        echo "installing ${missing[*]} (Debian packages)" >&2
        $sudo apt-get install -y -q "${missing[@]}" >/dev/null \
            || { $sudo apt-get update -q >/dev/null && $sudo apt-get install -y -q "${missing[@]}" >/dev/null; } \
            || { echo "could not install ${missing[*]}; install them, then run this again" >&2; exit 1; }
    else
        echo "missing ${missing[*]}: this machine has no apt-get; install COIN-OR CBC (library and" \
            "headers), GLPK (glpsol), cmake, a C++ compiler, libclang, Chromium, ChromeDriver," \
            "Slurm and munge with its package manager, then run this again" >&2
        exit 1
    fi
fi
