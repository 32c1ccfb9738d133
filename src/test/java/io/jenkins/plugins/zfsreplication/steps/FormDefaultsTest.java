package io.jenkins.plugins.zfsreplication.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.steps.check.ZfsCheckStep;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChoices;
import io.jenkins.plugins.zfsreplication.steps.plan.ZfsSnapshotPlanStep;
import io.jenkins.plugins.zfsreplication.steps.prune.ZfsPruneStep;
import io.jenkins.plugins.zfsreplication.steps.restore.ZfsRestoreDrillStep;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.ZfsSendRecvStep;
import io.jenkins.plugins.zfsreplication.steps.verify.ZfsVerifyStep;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * What a new step's form shows must be what the step holds when that field is left alone: the
 * Pipeline Syntax snippet generator writes every field whose value differs from a fresh step's,
 * so a form default that is not the Java default puts it into every generated snippet (and a
 * freestyle job saves a value the user never chose). Each config.jelly is read, and each field's
 * form default (its control's {@code default}, else empty or unchecked; a select's first option)
 * compared with the getter of a step made with only its required arguments.
 */
class FormDefaultsTest {
    /** A fresh step of each kind, with dummy required arguments (they have no form default to compare). */
    private static final Map<Object, List<String>> STEPS = Map.of(
            new ZfsSnapshotPlanStep("tank", "backup"), List.of("sources", "targetRoot"),
            new ZfsPruneStep(), List.of(),
            new ZfsSendRecvStep("plan.json"), List.of("plan"),
            new ZfsVerifyStep("disk.img"), List.of("target"),
            new ZfsCheckStep("tank", "backup"), List.of("sources", "targetRoot"),
            new ZfsRestoreDrillStep("backup/a@s", "backup/drill", "source.manifest"),
            List.of("snapshot", "scratch", "manifest"));

    /** The choices of each select field, as the descriptors' doFill...Items make them: the first shows in a new form. */
    private static final Map<String, Map<String, String>> SELECTS = Map.of(
            "ZfsSendRecvStep.compression", FormChoices.compressions());

    @Test
    void shouldShowEveryStepsJavaDefaultsInItsForm() throws Exception {
        SoftAssertions softly = new SoftAssertions();
        int compared = 0;
        for (Map.Entry<Object, List<String>> step : STEPS.entrySet()) {
            Class<?> type = step.getKey().getClass();
            Map<String, String> form = formDefaults(type);
            SELECTS.forEach((field, choices) -> {
                if (field.startsWith(type.getSimpleName() + ".")) {
                    form.put(field.substring(field.indexOf('.') + 1), choices.keySet().iterator().next());
                }
            });
            for (Map.Entry<String, String> field : form.entrySet()) {
                if (step.getValue().contains(field.getKey())) {
                    continue;
                }
                compared++;
                Object java = getter(type, field.getKey()).invoke(step.getKey());
                softly.assertThat(field.getValue()).as("%s field %s: the form's default", type.getSimpleName(), field.getKey())
                        .isIn(asForm(java), String.valueOf(java));
            }
        }
        softly.assertAll();
        assertThat(compared).as("fields compared").isGreaterThan(50);
    }

    /** How a Java value shows in an empty form: null, 0 and false as an empty field (or an unchecked box); 0 also as "0". */
    private static String asForm(Object value) {
        if (value == null || Integer.valueOf(0).equals(value) || Boolean.FALSE.equals(value)) {
            return "";
        }
        return String.valueOf(value);
    }

    private static Method getter(Class<?> type, String field) throws Exception {
        for (PropertyDescriptor property : Introspector.getBeanInfo(type).getPropertyDescriptors()) {
            if (property.getName().equals(field) && property.getReadMethod() != null) {
                return property.getReadMethod();
            }
        }
        throw new AssertionError(type.getSimpleName() + " has no getter for its form field " + field);
    }

    /** Each field of the type's config.jelly with what a new form holds in it. */
    static Map<String, String> formDefaults(Class<?> type) throws Exception {
        String resource = type.getSimpleName() + "/config.jelly";
        Map<String, String> defaults = new TreeMap<>();
        try (InputStream in = type.getResourceAsStream(resource)) {
            assertThat(in).as("%s beside %s", resource, type.getName()).isNotNull();
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(false);
            NodeList entries = factory.newDocumentBuilder().parse(in).getElementsByTagName("f:entry");
            for (int i = 0; i < entries.getLength(); i++) {
                Element entry = (Element) entries.item(i);
                Element control = firstElement(entry);
                String field = entry.getAttribute("field");
                if (control != null && !field.isEmpty()) {
                    defaults.put(field, controlDefault(control));
                }
            }
        }
        return defaults;
    }

    private static String controlDefault(Element control) {
        if (control.hasAttribute("default")) {
            String value = control.getAttribute("default");
            return "false".equals(value) ? "" : value;
        }
        if (control.getTagName().equals("f:checkbox") && "true".equals(control.getAttribute("checked"))) {
            return "true";
        }
        return ""; // a select's fill method puts the Java default first: see the descriptors' doFill...Items
    }

    private static Element firstElement(Element parent) {
        List<Element> children = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element) {
                children.add(element);
            }
        }
        return children.isEmpty() ? null : children.get(0);
    }
}
