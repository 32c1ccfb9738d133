package io.jenkins.plugins.zfsreplication.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import java.util.stream.Stream;

import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TerminalTextTest {
    static Stream<Arguments> texts() {
        return Stream.of(
                Arguments.of("tank/home", "tank/home"),
                Arguments.of("C:\\backups", "C:\\backups"),
                Arguments.of("caf\u00e9 \u65e5\u672c \ud83d\ude00", "caf\u00e9 \u65e5\u672c \ud83d\ude00"),
                Arguments.of("a\nb", "a\\nb"),
                Arguments.of("a\tb\rc", "a\\tb\\rc"),
                Arguments.of("\u001b[2J\u001b]0;owned\u0007", "\\x1B[2J\\x1B]0;owned\\x07"),
                Arguments.of("del\u007f c1\u009b", "del\\x7F c1\\x9B"),
                Arguments.of("evil\u202etxt.exe", "evil\\u202Etxt.exe"),
                Arguments.of("iso\u2066x\u2069", "iso\\u2066x\\u2069"),
                Arguments.of("line\u2028sep", "line\\u2028sep"),
                Arguments.of("lone\ud800surrogate", "lone\\uD800surrogate"),
                // a file name's byte that is not UTF-8 (FileNames), shown as a manifest writes it
                Arguments.of("bad\udcff name\udc80", "bad\\xFF name\\x80"),
                Arguments.of("pair \ud800\udc80", "pair \ud800\udc80"),
                Arguments.of("back\\slash\nnewline", "back\\slash\\nnewline"));
    }

    @ParameterizedTest
    @MethodSource("texts")
    void shouldEscapeWhatATerminalWouldInterpret(String text, String shown) {
        assertThat(TerminalText.line(text)).isEqualTo(shown);
    }

    @Test
    void shouldReturnPrintableTextItselfAndNeverBreakALine() {
        String plain = "tank/home@zr-20261129T000000Z";
        assertThat(TerminalText.line(plain)).isSameAs(plain);
        StringBuilder every = new StringBuilder();
        for (char c = 0; c < 0x3000; c++) {
            every.append(c);
        }
        String once = TerminalText.line(every.toString());
        assertThat(TerminalText.line(once)).as("idempotent").isEqualTo(once);
        assertThat(once).doesNotContain("\n", "\r", "\u001b", "\u0085", "\u2028",
                "\u202e").hasLineCount(1);
    }
}
