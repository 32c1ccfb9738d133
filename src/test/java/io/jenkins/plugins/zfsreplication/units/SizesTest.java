package io.jenkins.plugins.zfsreplication.units;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SizesTest {
    @ParameterizedTest
    @CsvSource({"0, 0", "4096, 4096", "512k, 524288", "64M, 67108864", "64MiB, 67108864", "64mib, 67108864",
            "64MB, 67108864", "1G, 1073741824", "2GiB, 2147483648", "1T, 1099511627776", "' 1M ', 1048576",
            "8388607T, 9223370937343148032"})
    void shouldReadBothSpellingsOfTheBinaryUnits(String text, long bytes) {
        assertThat(Sizes.parse(text)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "M", "-1", "1.5M", "64 M", "64X", "64Mi", "1P", "64iB"})
    void shouldRefuseWhatIsNoSizeNamingTheTextAndTheSyntax(String text) {
        assertThatThrownBy(() -> Sizes.parse(text)).isInstanceOf(SizeException.class)
                .hasMessage("'" + text + "' is not a size: give bytes or a number with K, M, G or T (binary: "
                        + "1M = 1048576; 64M and 64MiB are the same)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"99999999T", "8388608T", "9223372036854775808", "99999999999999999999"})
    void shouldRefuseASizeBeyondEightExbibytes(String text) {
        assertThatThrownBy(() -> Sizes.parse(text)).isInstanceOf(SizeException.class)
                .hasMessage("'" + text + "' is too large a size: at most 9223372036854775807 bytes (8 EiB)");
    }

    @ParameterizedTest
    @CsvSource({"0, 0 B", "1023, 1023 B", "1536, 1.5 KiB", "67108864, 64.0 MiB", "1125899906842624, 1.0 PiB"})
    void shouldPrintSizesForPeople(double bytes, String text) {
        assertThat(Sizes.human(bytes)).isEqualTo(text);
    }
}
