#[cfg(target_arch = "wasm32")]
fn main() {
    gpucost::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    std::process::exit(gpucost::cli::run(&args, &mut out, &mut err));
}
