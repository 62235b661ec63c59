// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// A custom error with arguments: nodes return its raw payload, only the ABI can name it.
error InsufficientFunds(address account, uint256 available, uint256 required);

/**
 * @title Reverter: every way a call can fail, for the explorer's revert decoding and the
 * gateway's `execution reverted: <reason>` answers.
 *
 *   slot 0  value        uint256, last value stored by setValue
 *   slot 1  calls        uint256, how many setValue calls succeeded
 */
contract Reverter {
    uint256 public value;
    uint256 public calls;

    event ValueSet(address indexed by, uint256 value);

    /// Error(string) from revert("...").
    function revertWithReason() external pure {
        revert("Reverter: this call always reverts");
    }

    /// Error(string) from require(...): passes for x > 100, so the same function also succeeds.
    function requireAbove100(uint256 x) external pure returns (uint256) {
        require(x > 100, "Reverter: x must be above 100");
        return x;
    }

    /// A custom error carrying the caller and two amounts.
    function revertWithCustomError() external view {
        revert InsufficientFunds(msg.sender, 1 ether, 2 ether);
    }

    /// Empty revert data: no reason of any kind.
    function revertWithoutReason() external pure {
        revert();
    }

    /// Panic(0x01).
    function panicAssert() external pure {
        assert(false);
    }

    /// Panic(0x12) when divisor is 0.
    function panicDivide(uint256 dividend, uint256 divisor) external pure returns (uint256) {
        return dividend / divisor;
    }

    /// Panic(0x32) for index >= 3.
    function panicIndex(uint256 index) external pure returns (uint256) {
        uint256[] memory three = new uint256[](3);
        return three[index];
    }

    /// Panic(0x11) for a + b above 2**256 - 1.
    function panicOverflow(uint256 a, uint256 b) external pure returns (uint256) {
        return a + b;
    }

    /**
     * State-changing, and it reverts for v >= 1000 after writing: a sent transaction with such a
     * value is mined with status 0 and its write undone. The traffic generator uses it for failures.
     */
    function setValue(uint256 v) external {
        value = v;
        calls += 1;
        require(v < 1000, "Reverter: value must be below 1000");
        emit ValueSet(msg.sender, v);
    }
}
