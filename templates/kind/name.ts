// The kind's name: the `kind` of its files and the prefix of its level ids.
// `proofpack init --kind NAME` writes this file with the NAME chosen.
export const NAME = 'lights';
