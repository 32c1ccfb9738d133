package io.jenkins.plugins.zfsreplication.text;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * File names as the system has them, bytes, held as Java strings without losing any: the bytes
 * are decoded as UTF-8 whatever the locale, and each byte that is not part of valid UTF-8 becomes
 * the lone surrogate U+DC80..U+DCFF (U+DC00 plus the byte; Python's "surrogateescape"). Valid
 * UTF-8 never decodes to a lone surrogate, so {@link #encode} gives back exactly the bytes
 * {@link #decode} was given, and two different names never become the same string. The
 * platform charset would do neither: under a C locale it turns every non-ASCII byte into a
 * replacement character, and under UTF-8 it does so for invalid bytes, so the name read from a
 * directory no longer opens the file.
 */
public final class FileNames {
    private static final char ESCAPE_BASE = '\uDC00';

    private FileNames() {
    }

    /** The name held by {@code length} bytes at {@code offset}. */
    public static String decode(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (bytes[i] < 0) {
                return decodeNonAscii(bytes, offset, length);
            }
        }
        // ASCII is Latin-1 too, and Latin-1 is the cheapest string to make
        return new String(bytes, offset, length, StandardCharsets.ISO_8859_1);
    }

    private static String decodeNonAscii(byte[] bytes, int offset, int length) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, length);
        // UTF-8 never makes more chars than bytes, nor does an escape
        CharBuffer out = CharBuffer.allocate(length);
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            if (result.isUnderflow()) {
                decoder.flush(out);
                return out.flip().toString();
            }
            for (int i = 0; i < result.length(); i++) {
                int b = in.get() & 0xff;
                // an ASCII byte decodes to itself wherever it stands: only bytes >= 0x80 are escaped
                out.put(b < 0x80 ? (char) b : (char) (ESCAPE_BASE + b));
            }
        }
    }

    /** The bytes of {@code name}, a string {@link #decode} made (or one of valid Unicode text). */
    public static byte[] encode(String name) {
        int length = name.length();
        for (int i = 0; i < length; i++) {
            if (name.charAt(i) >= 0x80) {
                return encodeNonAscii(name);
            }
        }
        return name.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] encodeNonAscii(String name) {
        byte[] out = new byte[name.length() * 3];
        int n = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            int escaped = escapedByte(name, i);
            if (escaped >= 0) {
                out[n++] = (byte) escaped;
            } else if (c < 0x80) {
                out[n++] = (byte) c;
            } else if (c < 0x800) {
                out[n++] = (byte) (0xc0 | c >> 6);
                out[n++] = (byte) (0x80 | c & 0x3f);
            } else if (Character.isHighSurrogate(c) && i + 1 < name.length()
                    && Character.isLowSurrogate(name.charAt(i + 1))) {
                int code = Character.toCodePoint(c, name.charAt(++i));
                out[n++] = (byte) (0xf0 | code >> 18);
                out[n++] = (byte) (0x80 | code >> 12 & 0x3f);
                out[n++] = (byte) (0x80 | code >> 6 & 0x3f);
                out[n++] = (byte) (0x80 | code & 0x3f);
            } else if (Character.isSurrogate(c)) {
                // not made by decode nor read from UTF-8 text: no bytes name it
                throw new IllegalArgumentException(String.format("not a file name: unpaired surrogate U+%04X at %d",
                        (int) c, i));
            } else {
                out[n++] = (byte) (0xe0 | c >> 12);
                out[n++] = (byte) (0x80 | c >> 6 & 0x3f);
                out[n++] = (byte) (0x80 | c & 0x3f);
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /**
     * The byte (0x80..0xFF) that the char at {@code index} stands for when it is an escaped byte
     * (a lone U+DC80..U+DCFF, not the second half of a surrogate pair), else -1.
     */
    public static int escapedByte(CharSequence text, int index) {
        char c = text.charAt(index);
        if (c < '\uDC80' || c > '\uDCFF' || (index > 0 && Character.isHighSurrogate(text.charAt(index - 1)))) {
            return -1;
        }
        return c - ESCAPE_BASE;
    }

    /** The char that stands for the byte {@code b} (0x80..0xFF), which is not valid UTF-8 on its own. */
    public static char escape(int b) {
        if (b < 0x80 || b > 0xff) {
            throw new IllegalArgumentException("only bytes 0x80..0xFF are escaped, not " + b);
        }
        return (char) (ESCAPE_BASE + b);
    }
}
