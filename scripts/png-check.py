#!/usr/bin/env python3
"""Checks that a PNG decodes and is not blank (one colour), with the standard library only.

Usage: png-check.py FILE.png   (exit 0 and a line of facts, or exit 1 with the reason)
"""
import struct
import sys
import zlib


def rows(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    if depth != 8 or interlace != 0:
        raise ValueError(f"unsupported PNG (depth {depth}, interlace {interlace})")
    raw, stride, bpp = zlib.decompress(idat), width * channels, channels
    prev, out, i = bytearray(stride), [], 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
            if kind == 1:
                line[x] = (line[x] + a) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + b) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        out.append(bytes(line))
        prev = line
    return width, height, channels, out


def main():
    path = sys.argv[1]
    try:
        with open(path, "rb") as f:
            width, height, channels, lines = rows(f.read())
    except (OSError, ValueError, KeyError, TypeError, zlib.error) as e:
        print(f"error: {path}: {e}", file=sys.stderr)
        return 1
    colours = set()
    for line in lines[::max(1, height // 100)]:
        for x in range(0, len(line), channels * max(1, width // 100)):
            colours.add(line[x:x + channels])
    if width < 200 or height < 150 or len(colours) < 8:
        print(f"error: {path}: {width}x{height}, {len(colours)} colours: blank or too small",
              file=sys.stderr)
        return 1
    print(f"{path}: {width}x{height}, {len(colours)} distinct colours in a 100x100 sample")
    return 0


if __name__ == "__main__":
    sys.exit(main())
