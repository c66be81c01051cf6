//! Generates the parser from `grammar/*.lalrpop` (LALRPOP) into `OUT_DIR`.
fn main() {
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .process()
        .expect("LALRPOP grammar failed to build");
    println!("cargo:rerun-if-changed=grammar");
}
