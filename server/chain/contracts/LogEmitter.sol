// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/**
 * @title LogEmitter: many logs from one transaction, so an unbounded eth_getLogs meets the
 * gateway's results limit (-32005 "query returned more than 10000 results").
 *
 *   slot 0  emitted   uint256, logs emitted so far; the next log's counter
 *   slot 1  batches   uint256, emitMany calls so far
 */
contract LogEmitter {
    uint256 public emitted;
    uint256 public batches;

    /// counter runs 0, 1, 2, ... across all calls; batch is the emitMany call's own sequence number.
    event Tick(uint256 indexed counter, uint256 batch);

    function emitMany(uint256 n) external {
        uint256 first = emitted;
        uint256 batch = batches;
        for (uint256 i = 0; i < n; i++) {
            emit Tick(first + i, batch);
        }
        emitted = first + n;
        batches = batch + 1;
    }
}
