#[cfg(target_arch = "wasm32")]
fn main() {
    gpucost::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    let code = match gpucost::cli::utf8_args(std::env::args_os().skip(1)) {
        Ok(args) => gpucost::cli::run(&args, &mut out, &mut err),
        Err(msg) => {
            use std::io::Write;
            let _ = writeln!(err, "error: {msg}");
            1
        }
    };
    std::process::exit(code);
}
