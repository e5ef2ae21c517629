pub fn start(){}
