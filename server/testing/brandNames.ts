/** Provider and network brands the spec replaces with neutral words, and the service keeps out of what it says. */
export const brandNames = /infura|alchemy|quicknode|etherscan|blockpi|ankr|chainstack|metamask|zksync|starknet|matter.?labs/i
