// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/**
 * @title LayoutShowcase: one of every Solidity storage layout rule, for the storage-slot calculator.
 *
 * Everything is set in the constructor, so the demo chain holds a value at every kind of position, and
 * each has a getter: the explorer's slot math is checked against the chain by reading both.
 *
 *   slot 0   small (uint8, offset 0), medium (uint16, offset 1), flag (bool, offset 3), who (address, offset 4)
 *   slot 1   big           uint256
 *   slot 2   shortText     string, under 32 bytes: the text and length*2 in the slot
 *   slot 3   longText      string, 32 bytes or more: length*2+1 here, data at keccak256(pad32(3))
 *   slot 4   blob          bytes (long)
 *   slot 5   packedList    uint16[]   (length here; 16 elements per slot from keccak256(pad32(5)))
 *   slot 6   wideList      uint256[]
 *   slot 7-8 fixedPair     uint128[3] (two per slot: [0],[1] in slot 7, [2] in slot 8)
 *   slot 9-10 point        Point { uint64 x; uint64 y; address owner; uint256 weight } (x,y,owner packed in 9)
 *   slot 11  points        Point[]    (each element two slots)
 *   slot 12  byName        mapping(string => uint256)   (key bytes unpadded: keccak256(key . pad32(12)))
 *   slot 13  byId          mapping(uint256 => Point)
 *   slot 14  grid          mapping(address => mapping(uint256 => bool))
 *   slot 15  tags          mapping(bytes32 => string)
 *   EIP-1967 implementation slot: an address
 *   ERC-7201 namespace "chainglass.showcase": struct Vault { uint256 total; address keeper }
 */
contract LayoutShowcase {
    struct Point {
        uint64 x;
        uint64 y;
        address owner;
        uint256 weight;
    }

    /// @custom:storage-location erc7201:chainglass.showcase
    struct Vault {
        uint256 total;
        address keeper;
    }

    uint8 public small;
    uint16 public medium;
    bool public flag;
    address public who;
    uint256 public big;
    string public shortText;
    string public longText;
    bytes public blob;
    uint16[] public packedList;
    uint256[] public wideList;
    uint128[3] public fixedPair;
    Point public point;
    Point[] public points;
    mapping(string => uint256) public byName;
    mapping(uint256 => Point) public byId;
    mapping(address => mapping(uint256 => bool)) public grid;
    mapping(bytes32 => string) public tags;

    // bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)
    bytes32 private constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    constructor() {
        small = 7;
        medium = 0x1234;
        flag = true;
        who = address(0xC0FFEE);
        big = type(uint256).max - 41;
        shortText = "glass";
        longText = "A string long enough to leave its slot: it takes more than thirty-one bytes.";
        blob = hex"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f2021";
        for (uint16 i = 0; i < 20; i++) packedList.push(1000 + i);
        wideList.push(11);
        wideList.push(22);
        wideList.push(33);
        fixedPair = [uint128(101), 202, 303];
        point = Point({x: 3, y: 4, owner: address(0xBEEF), weight: 5});
        points.push(Point({x: 10, y: 20, owner: address(0xA11CE), weight: 30}));
        points.push(Point({x: 40, y: 50, owner: address(0xB0B), weight: 60}));
        byName["alice"] = 111;
        byName["a key that is longer than thirty-two bytes, unpadded"] = 222;
        byId[42] = Point({x: 1, y: 2, owner: address(0xD00D), weight: 9});
        grid[address(0xC0FFEE)][7] = true;
        tags[keccak256("release")] = "v1.0.0";
        address implementation = address(0x1234567890AbcdEF1234567890aBcdef12345678);
        bytes32 slot = IMPLEMENTATION_SLOT;
        assembly {
            sstore(slot, implementation)
        }
        Vault storage vault = _vault();
        vault.total = 1e21;
        vault.keeper = address(0xFEED);
    }

    function implementation() external view returns (address value) {
        bytes32 slot = IMPLEMENTATION_SLOT;
        assembly {
            value := sload(slot)
        }
    }

    function vault() external view returns (uint256 total, address keeper) {
        Vault storage v = _vault();
        return (v.total, v.keeper);
    }

    function packedListLength() external view returns (uint256) {
        return packedList.length;
    }

    function _vault() private pure returns (Vault storage v) {
        // keccak256(abi.encode(uint256(keccak256("chainglass.showcase")) - 1)) & ~bytes32(uint256(0xff))
        bytes32 location = keccak256(abi.encode(uint256(keccak256("chainglass.showcase")) - 1)) & ~bytes32(uint256(0xff));
        assembly {
            v.slot := location
        }
    }
}
