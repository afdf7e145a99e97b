#!/usr/bin/env bash
# Installs what building and testing need, only when it is missing. Sourced by the other scripts.
if ! command -v cargo >/dev/null 2>&1; then
    echo "cargo is required: install a Rust toolchain (rustup or your distribution)" >&2
    exit 1
fi

# The integer-programming solvers link CBC (coinor-libcbc-dev), run GLPK's glpsol (glpk-utils)
# and compile HiGHS from source (cmake, g++, libclang-dev), all from Debian's packages.
missing=()
if ! { [ -e /usr/lib/x86_64-linux-gnu/libCbc.so ] || [ -e /usr/lib/libCbc.so ] \
    || ldconfig -p 2>/dev/null | grep -q 'libCbc\.so'; }; then
    missing+=(coinor-libcbc-dev)
fi
command -v glpsol >/dev/null 2>&1 || missing+=(glpk-utils)
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
if ! { ls /usr/lib/llvm-*/lib/libclang.so* /usr/lib/x86_64-linux-gnu/libclang*.so* 2>/dev/null \
    | grep -q 'libclang\(-[0-9.]*\)\?\.so'; }; then
    missing+=(libclang-dev)
fi
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
            "headers), GLPK (glpsol), cmake, a C++ compiler and libclang with its package manager," \
            "then run this again" >&2
        exit 1
    fi
fi
