package io.jenkins.plugins.zfsreplication.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.junit.jupiter.api.Test;

class SvgChartWriterTest {
    private static final TimeSeriesChart CHART = new TimeSeriesChart("run <1>", "seconds", "MiB/s",
            List.of(new TimeSeriesChart.Series("logical", new double[] {1, 2, 3}, new double[] {10, 500, 20}),
                    new TimeSeriesChart.Series("read", new double[] {1, 2, 3}, new double[] {10, 0, 20})),
            List.of(new TimeSeriesChart.Stretch(1, 2, "mostly holes")));

    @Test
    void shouldRenderWellFormedSvgWithOneLinePerSeriesAndShadedStretches() throws Exception {
        Document svg = parse(SvgChartWriter.render(CHART));
        var xpath = XPathFactory.newInstance().newXPath();

        NodeList lines = (NodeList) xpath.evaluate("//*[local-name()='polyline']", svg, XPathConstants.NODESET);
        assertThat(lines.getLength()).isEqualTo(2);
        assertThat(lines.item(0).getAttributes().getNamedItem("points").getNodeValue())
                .isEqualTo("306.7,324.2 543.3,40.0 780.0,318.4");
        assertThat(xpath.evaluate("//*[local-name()='rect'][*[local-name()='title']='mostly holes']/@x", svg))
                .isEqualTo("306.7");
        assertThat(xpath.evaluate("//*[local-name()='text'][1]", svg)).isEqualTo("run <1>");
    }

    @Test
    void shouldBeDeterministic() {
        assertThat(SvgChartWriter.render(CHART)).isEqualTo(SvgChartWriter.render(CHART));
    }

    @Test
    void shouldRejectSeriesWithUnevenOrUnsortedValues() {
        assertThatThrownBy(() -> new TimeSeriesChart.Series("s", new double[] {1}, new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TimeSeriesChart.Series("s", new double[] {2, 1}, new double[] {1, 2}))
                .hasMessageContaining("must ascend");
    }

    @Test
    void shouldWriteCsvWithQuotingAndLocaleFreeNumbers() {
        String csv = CsvWriter.render(List.of("name", "value"), List.of(List.of("a,b", 1.5), List.of("say \"hi\"", 2L)));

        assertThat(csv).isEqualTo("name,value\r\n\"a,b\",1.500\r\n\"say \"\"hi\"\"\",2\r\n");
    }

    private static Document parse(String text) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }
}
