// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/**
 * @title Furnace: honest, bounded work for the traffic generator's busy stretches.
 *
 * A burn hashes a running digest `rounds` times and keeps the result, so its gas use grows in a
 * straight line with `rounds` and the transaction succeeds: blocks fill above the 50 % target and the
 * base fee rises, with no reverted filler. The traffic also delegates fresh EOAs to it (EIP-7702) and
 * calls burn on them, so the same code runs in an account's own storage.
 *
 *   slot 0  digest   bytes32, the last burn's result
 *   slot 1  burned   uint256, rounds hashed so far
 */
contract Furnace {
    bytes32 public digest;
    uint256 public burned;

    event Burned(address indexed by, uint256 rounds, bytes32 digest);

    function burn(uint256 rounds) external returns (bytes32 result) {
        result = digest;
        for (uint256 i = 0; i < rounds; i++) {
            // In the scratch space: abi.encodePacked would take fresh memory each round, and memory's
            // growing price would make the gas per round climb instead of staying flat.
            assembly {
                mstore(0x00, result)
                mstore(0x20, i)
                result := keccak256(0x00, 0x40)
            }
        }
        digest = result;
        burned += rounds;
        emit Burned(msg.sender, rounds, result);
    }
}
