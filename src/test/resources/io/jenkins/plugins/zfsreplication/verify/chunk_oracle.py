#!/usr/bin/python3
"""Independent oracle for chunk hashes: python3-xxhash and hashlib, reading plainly with read().

usage: chunk_oracle.py ALGO CHUNK_SIZE file PATH        -> "chunk<TAB>hash" lines
       chunk_oracle.py ALGO CHUNK_SIZE stats PATH       -> "HOLE_BYTES ZERO_CHUNKS": bytes of chunks that
                                                           SEEK_DATA shows hold no data, and count of the
                                                           other chunks that read as all zeros
       chunk_oracle.py ALGO CHUNK_SIZE extents PATH     -> bytes in data extents (SEEK_DATA/SEEK_HOLE walk)
       chunk_oracle.py ALGO CHUNK_SIZE tree DIRECTORY   -> "path<TAB>chunk<TAB>hash" lines, files sorted
                                                           (the zfs-check column layout, no header)
"""
import hashlib
import os
import sys

import xxhash

FUNCTIONS = {
    'xxh64': xxhash.xxh64,
    'xxh3': xxhash.xxh3_64,
    'xxh128': xxhash.xxh3_128,
    'sha256': hashlib.sha256,
    'sha1': hashlib.sha1,
}


def chunks(path, size, function):
    with open(path, 'rb') as f:
        index = 0
        while True:
            data = f.read(size)
            if not data:
                return
            yield index, function(data).hexdigest()
            index += 1


def stats(path, size):
    holes = zero_chunks = 0
    with open(path, 'rb') as f:
        end = os.fstat(f.fileno()).st_size
        for start in range(0, end, size):
            length = min(size, end - start)
            try:
                hole = os.lseek(f.fileno(), start, os.SEEK_DATA) >= start + length
            except OSError:
                hole = True
            if hole:
                holes += length
            else:
                f.seek(start)
                if f.read(length) == bytes(length):
                    zero_chunks += 1
    print(f'{holes} {zero_chunks}')


def extent_bytes(path):
    total = 0
    with open(path, 'rb') as f:
        fd = f.fileno()
        end = os.fstat(fd).st_size
        position = 0
        while position < end:
            try:
                start = os.lseek(fd, position, os.SEEK_DATA)
            except OSError:
                break
            stop = os.lseek(fd, start, os.SEEK_HOLE)
            total += stop - start
            position = stop
    print(total)


def main():
    algo, size, mode, target = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    function = FUNCTIONS[algo]
    if mode == 'extents':
        extent_bytes(target)
        return
    if mode == 'stats':
        stats(target, size)
        return
    if mode == 'file':
        for index, digest in chunks(target, size, function):
            print(f'{index}\t{digest}')
        return
    names = []
    for root, dirs, files in os.walk(target):
        for name in files:
            full = os.path.join(root, name)
            if os.path.isfile(full) and not os.path.islink(full):
                names.append(os.path.relpath(full, target))
    for name in sorted(names):
        for index, digest in chunks(os.path.join(target, name), size, function):
            print(f'{name}\t{index}\t{digest}')


main()
