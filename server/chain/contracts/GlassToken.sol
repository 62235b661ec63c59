// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/**
 * @title GlassToken: the demo ERC-20 (EIP-20), written for chainglass.
 *
 * It is the storage-slot calculator's showcase, so the layout is kept plain and fixed:
 *
 *   slot 0  balanceOf    mapping(address => uint256)
 *                        balanceOf[holder] lives at keccak256(pad32(holder) . pad32(0))
 *   slot 1  allowance    mapping(address => mapping(address => uint256))
 *                        allowance[owner][spender] lives at
 *                        keccak256(pad32(spender) . keccak256(pad32(owner) . pad32(1)))
 *   slot 2  totalSupply  uint256
 *   slot 3  name         string (shorter than 32 bytes: the text and length*2 in the slot itself)
 *   slot 4  symbol       string (same encoding)
 *   slot 5  owner        address, bytes 0..19 of the slot (low-order end)
 *           decimals     uint8, packed into the same slot at byte offset 20
 *
 * Do not reorder these declarations: the explorer's docs and tests name the slots above.
 */
contract GlassToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;
    string public name;
    string public symbol;
    address public owner;
    uint8 public decimals;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error NotOwner(address caller);
    error InsufficientBalance(address from, uint256 balance, uint256 needed);
    error InsufficientAllowance(address owner, address spender, uint256 allowance, uint256 needed);
    error ZeroAddress();

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        owner = msg.sender;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        if (spender == address(0)) revert ZeroAddress();
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed < value) revert InsufficientAllowance(from, msg.sender, allowed, value);
        // Every spend lowers the allowance, even a maximal one: the numbers stay easy to follow.
        allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
        return true;
    }

    /// New tokens come only from the deployer, so the supply is the scenario's to decide.
    function mint(address to, uint256 value) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        if (to == address(0)) revert ZeroAddress();
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _move(address from, address to, uint256 value) private {
        if (to == address(0)) revert ZeroAddress();
        uint256 balance = balanceOf[from];
        if (balance < value) revert InsufficientBalance(from, balance, value);
        unchecked {
            // Cannot wrap: value <= balance, and the sum of all balances is totalSupply.
            balanceOf[from] = balance - value;
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
    }
}
