package io.jenkins.plugins.zfsreplication.coverage;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.Random;

/**
 * Damage to a pool's device, as a failing disk or a stray write does it: garbage over the bytes of
 * a file's data, found in the device file by a unique run of those bytes (random data, stored as
 * written: no compression, no encryption). Used in the guest too, so it needs nothing but the JDK.
 */
final class DeviceDamage {
    private DeviceDamage() {
    }

    /** Overwrites with garbage the bytes of the device file equal to {@code pattern}; returns where they were, or -1. */
    static long overwrite(Path device, byte[] pattern) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(device.toFile(), "rw")) {
            byte[] block = new byte[1 << 20];
            for (long offset = 0; offset < file.length(); offset += block.length - pattern.length) {
                file.seek(offset);
                int n = file.read(block);
                int found = indexOf(block, n, pattern);
                if (found >= 0) {
                    byte[] garbage = new byte[pattern.length];
                    new Random(7).nextBytes(garbage);
                    file.seek(offset + found);
                    file.write(garbage);
                    file.getFD().sync();
                    return offset + found;
                }
            }
        }
        return -1;
    }

    private static int indexOf(byte[] block, int length, byte[] pattern) {
        outer:
        for (int i = 0; i + pattern.length <= length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (block[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
