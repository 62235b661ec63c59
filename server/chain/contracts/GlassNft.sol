// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// What a contract must answer to receive a token through safeTransferFrom (EIP-721).
interface GlassNftReceiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
        external
        returns (bytes4);
}

/**
 * @title GlassNft: the demo ERC-721 (EIP-721), written for chainglass.
 *
 * Anyone may mint (to any address): the traffic generator mints from several accounts.
 * Token ids start at 1 and count up, so id 0 never exists.
 *
 *   slot 0  name               string
 *   slot 1  symbol             string
 *   slot 2  nextTokenId        uint256
 *   slot 3  _owners            mapping(uint256 => address)
 *   slot 4  balanceOf          mapping(address => uint256)
 *   slot 5  getApproved        mapping(uint256 => address)
 *   slot 6  isApprovedForAll   mapping(address => mapping(address => bool))
 */
contract GlassNft {
    string public name;
    string public symbol;
    uint256 public nextTokenId = 1;
    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => address) private _approvals;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    error NoSuchToken(uint256 tokenId);
    error NotAuthorized(address caller, uint256 tokenId);
    error WrongOwner(address claimed, address actual, uint256 tokenId);
    error ZeroAddress();
    error NotAReceiver(address to);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // EIP-165
            || interfaceId == 0x80ac58cd; // EIP-721
    }

    function balanceOf(address holder) external view returns (uint256) {
        if (holder == address(0)) revert ZeroAddress();
        return _balances[holder];
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address holder = _owners[tokenId];
        if (holder == address(0)) revert NoSuchToken(tokenId);
        return holder;
    }

    function getApproved(uint256 tokenId) external view returns (address) {
        ownerOf(tokenId);
        return _approvals[tokenId];
    }

    function mint(address to) external returns (uint256 tokenId) {
        if (to == address(0)) revert ZeroAddress();
        tokenId = nextTokenId++;
        _owners[tokenId] = to;
        _balances[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    function approve(address approved, uint256 tokenId) external {
        address holder = ownerOf(tokenId);
        if (msg.sender != holder && !isApprovedForAll[holder][msg.sender]) revert NotAuthorized(msg.sender, tokenId);
        _approvals[tokenId] = approved;
        emit Approval(holder, approved, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address holder = ownerOf(tokenId);
        if (holder != from) revert WrongOwner(from, holder, tokenId);
        if (to == address(0)) revert ZeroAddress();
        if (msg.sender != holder && !isApprovedForAll[holder][msg.sender] && _approvals[tokenId] != msg.sender) {
            revert NotAuthorized(msg.sender, tokenId);
        }
        // A transfer clears the single-token approval (EIP-721); the standard lets it go without an Approval event.
        delete _approvals[tokenId];
        _balances[from] -= 1;
        _balances[to] += 1;
        _owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length > 0) {
            bytes4 answer = GlassNftReceiver(to).onERC721Received(msg.sender, from, tokenId, data);
            if (answer != GlassNftReceiver.onERC721Received.selector) revert NotAReceiver(to);
        }
    }
}
