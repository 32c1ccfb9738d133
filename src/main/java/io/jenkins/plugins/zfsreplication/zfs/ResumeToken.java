package io.jenkins.plugins.zfsreplication.zfs;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * What a {@code receive_resume_token} says, decoded here, not asked of a host: the token comes from
 * the target, and the source's {@code zfs send -nvt} is the word of the host a pull does not trust
 * (and is not there at all for a sending side on another host).
 *
 * <p>The format, as OpenZFS writes it ({@code get_receive_resume_token} in dsl_dataset.c) and reads
 * it ({@code zfs_send_resume_token_to_nvlist} in libzfs): {@code 1-<checksum>-<length>-<hex>}:
 * version 1; in hex, the first word of the Fletcher-4 checksum (native byte order: the sum of the
 * 32-bit words) of the compressed bytes, and the length of the packed nvlist; then the nvlist
 * packed in the native encoding ({@code fnvlist_pack}: a 4-byte header whose second byte is 1 for
 * little-endian, the list's version and flags, then each pair as its size, name size, element
 * count, type, the name and the value, each padded to 8 bytes, ended by a size of 0), compressed
 * with zlib, as hex. Checked against what {@code zfs send -nvt} prints for tokens OpenZFS 2.3 made
 * (openzfs-resume-tokens.txt in the tests).
 *
 * @param fromGuid the incremental's base, 0 for a full stream
 * @param toGuid   the snapshot the interrupted receive was receiving
 * @param toName   its name on the sending host, as the token says (shown only)
 * @param flags    the stream's options among {@code largeblockok}, {@code embedok}, {@code compressok},
 *                 {@code rawok} and any other boolean the token holds
 * @param bytes    the bytes received before the interruption
 */
public record ResumeToken(long fromGuid, long toGuid, String toName, Set<String> flags, long bytes) {
    /** A token longer than this is no token: the real ones are a few hundred characters. */
    private static final int MAX_TOKEN = 1 << 16;
    private static final int BOOLEAN = 1;
    private static final int UINT64 = 8;
    private static final int STRING = 9;
    private static final int NVLIST = 19;
    private static final int NVLIST_ARRAY = 20;
    private static final int BOOLEAN_VALUE = 21;

    public ResumeToken {
        flags = Set.copyOf(new TreeSet<>(flags));
    }

    /** Decodes {@code token}; a {@link ZfsException} naming what is wrong when it is not a token this code reads. */
    public static ResumeToken parse(String token) {
        if (token.length() > MAX_TOKEN || !token.matches("1-[0-9a-f]{1,16}-[0-9a-f]{1,8}-(?:[0-9a-f]{2})+")) {
            throw invalid(token, "not of the form 1-<checksum>-<length>-<hex>");
        }
        String[] parts = token.split("-");
        long checksum = Long.parseUnsignedLong(parts[1], 16);
        int length = Integer.parseInt(parts[2], 16);
        byte[] compressed = HexFormat.of().parseHex(parts[3]);
        if (sum(compressed, ByteOrder.LITTLE_ENDIAN) != checksum && sum(compressed, ByteOrder.BIG_ENDIAN) != checksum) {
            throw invalid(token, "its checksum does not match (damaged)");
        }
        if (length > 16 * MAX_TOKEN) {
            throw invalid(token, "it says its contents are " + length + " bytes");
        }
        return decode(token, inflate(token, compressed, length));
    }

    /** True when the token's stream was sent with the flag ({@code largeblockok}, {@code rawok} ...). */
    public boolean has(String flag) {
        return flags.contains(flag);
    }

    /** The Fletcher-4 checksum's first word: the sum of the whole 32-bit words. */
    private static long sum(byte[] bytes, ByteOrder order) {
        ByteBuffer words = ByteBuffer.wrap(bytes).order(order);
        long a = 0;
        for (int i = 0; i + 4 <= bytes.length; i += 4) {
            a += Integer.toUnsignedLong(words.getInt(i));
        }
        return a;
    }

    private static byte[] inflate(String token, byte[] compressed, int length) {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(compressed);
            ByteArrayOutputStream out = new ByteArrayOutputStream(length);
            byte[] buffer = new byte[length + 1];
            while (!inflater.finished() && out.size() <= length) {
                int inflated = inflater.inflate(buffer);
                if (inflated == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw invalid(token, "its contents end early");
                }
                out.write(buffer, 0, inflated);
            }
            if (out.size() != length) {
                throw invalid(token, "its contents are not the length it says");
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw invalid(token, "its contents are not zlib data");
        } finally {
            inflater.end();
        }
    }

    private static ResumeToken decode(String token, byte[] packed) {
        if (packed.length < 12 || packed[0] != 0) {
            throw invalid(token, "its contents are not a natively packed nvlist");
        }
        ByteBuffer list = ByteBuffer.wrap(packed).order(packed[1] == 1 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        long from = 0;
        long to = 0;
        long bytes = 0;
        String name = null;
        Set<String> flags = new TreeSet<>();
        int at = 12; // the header, then the list's version and flags
        while (true) {
            int size = int32(token, list, at);
            if (size == 0) {
                break;
            }
            int nameSize = list.getShort(at + 4);
            int type = int32(token, list, at + 12);
            if (size < 16 || nameSize < 1 || at + size > packed.length || 16 + nameSize > size) {
                throw invalid(token, "a pair of its nvlist is malformed");
            }
            String key = new String(packed, at + 16, nameSize - 1, StandardCharsets.UTF_8);
            int value = at + 16 + ((nameSize + 7) & ~7);
            switch (type) {
                case UINT64 -> {
                    long number = int64(token, list, value, at + size);
                    from = key.equals("fromguid") ? number : from;
                    to = key.equals("toguid") ? number : to;
                    bytes = key.equals("bytes") ? number : bytes;
                }
                case STRING -> name = key.equals("toname") ? string(token, packed, value, at + size) : name;
                case BOOLEAN -> flags.add(key);
                case BOOLEAN_VALUE -> {
                    if (int32(token, list, value) != 0) {
                        flags.add(key);
                    }
                }
                case NVLIST, NVLIST_ARRAY -> throw invalid(token, "it holds a nested list (" + key + "), which no "
                        + "token this code knows has");
                default -> {
                    // another value (redact_snaps, an array): its size says where the next pair starts
                }
            }
            at += size;
        }
        if (to == 0 || name == null) {
            throw invalid(token, "it names no snapshot (toguid, toname)");
        }
        return new ResumeToken(from, to, name, flags, bytes);
    }

    private static int int32(String token, ByteBuffer list, int at) {
        if (at < 0 || at + 4 > list.capacity()) {
            throw invalid(token, "its nvlist ends early");
        }
        return list.getInt(at);
    }

    private static long int64(String token, ByteBuffer list, int at, int end) {
        if (at + 8 > end) {
            throw invalid(token, "a number of its nvlist is cut short");
        }
        return list.getLong(at);
    }

    private static String string(String token, byte[] packed, int at, int end) {
        for (int i = at; i < end; i++) {
            if (packed[i] == 0) {
                return new String(packed, at, i - at, StandardCharsets.UTF_8);
            }
        }
        throw invalid(token, "a string of its nvlist is not terminated");
    }

    private static ZfsException invalid(String token, String why) {
        String shown = token.length() > 40 ? token.substring(0, 40) + "..." : token;
        return new ZfsException("The resume token '%s' cannot be read: %s",
                io.jenkins.plugins.zfsreplication.text.TerminalText.line(shown), why);
    }
}
