package decode

// placeholder until the generator lands
const numOps = 1418

var opTable [numOps]opInfo
