package io.jenkins.plugins.zfsreplication.architecture;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * The parts of a pom.xml that the version checks read: its properties and the dependencies it
 * declares itself (including dependencyManagement, excluding build-plugin dependencies), with
 * {@code ${...}} references resolved.
 */
record PomFile(Path path, Map<String, String> properties, List<Dependency> dependencies) {
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{([^}]+)}");

    PomFile {
        Objects.requireNonNull(path, "path");
        properties = Map.copyOf(properties);
        dependencies = List.copyOf(dependencies);
    }

    /** One declared dependency; version is null when a BOM manages it. */
    record Dependency(String groupId, String artifactId, String version, String scope) {
        Dependency {
            Objects.requireNonNull(groupId, "groupId");
            Objects.requireNonNull(artifactId, "artifactId");
        }

        String coordinates() {
            return groupId + ":" + artifactId;
        }

        boolean isRuntime() {
            return scope == null || "compile".equals(scope) || "runtime".equals(scope);
        }
    }

    /** Reads a pom; inherited holds the properties of its parent (the pom's own win). */
    static PomFile read(Path path, Map<String, String> inherited) {
        Element project = parse(path);
        Map<String, String> properties = new HashMap<>(inherited);
        child(project, "version").ifPresent(version -> properties.put("project.version", version.getTextContent().trim()));
        child(project, "parent").flatMap(parent -> child(parent, "version"))
                .filter(version -> !properties.containsKey("project.version"))
                .ifPresent(version -> properties.put("project.version", version.getTextContent().trim()));
        child(project, "parent").flatMap(parent -> child(parent, "version"))
                .ifPresent(version -> properties.put("project.parent.version", version.getTextContent().trim()));
        child(project, "properties").ifPresent(element -> children(element).forEach(
                property -> properties.put(property.getTagName(), property.getTextContent().trim())));

        List<Dependency> dependencies = new ArrayList<>();
        child(project, "dependencies").ifPresent(list -> addDependencies(list, properties, path, dependencies));
        child(project, "dependencyManagement").flatMap(management -> child(management, "dependencies"))
                .ifPresent(list -> addDependencies(list, properties, path, dependencies));
        return new PomFile(path, properties, dependencies);
    }

    Optional<Dependency> find(String groupId, String artifactId) {
        return dependencies.stream()
                .filter(dependency -> dependency.groupId().equals(groupId) && dependency.artifactId().equals(artifactId))
                .findFirst();
    }

    String property(String name) {
        String value = properties.get(name);
        if (value == null) {
            throw new IllegalStateException(String.format("%s has no property <%s>", path, name));
        }
        return resolve(value, properties, path);
    }

    private static void addDependencies(Element list, Map<String, String> properties, Path path, List<Dependency> into) {
        for (Element dependency : children(list)) {
            into.add(new Dependency(
                    resolve(text(dependency, "groupId"), properties, path),
                    resolve(text(dependency, "artifactId"), properties, path),
                    resolve(text(dependency, "version"), properties, path),
                    text(dependency, "scope")));
        }
    }

    /** Replaces every ${name}; a reference to an undefined property is an error, not a silent pass. */
    private static String resolve(String value, Map<String, String> properties, Path path) {
        String resolved = value;
        for (int depth = 0; resolved != null && resolved.contains("${"); depth++) {
            if (depth == 10) {
                throw new IllegalStateException(String.format("%s: property references in '%s' do not end", path, value));
            }
            Matcher matcher = REFERENCE.matcher(resolved);
            StringBuilder out = new StringBuilder();
            while (matcher.find()) {
                String replacement = properties.get(matcher.group(1));
                if (replacement == null) {
                    throw new IllegalStateException(String.format("%s: '%s' uses undefined property ${%s}", path, value, matcher.group(1)));
                }
                matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
            }
            matcher.appendTail(out);
            resolved = out.toString();
        }
        return resolved;
    }

    private static Element parse(Path path) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(path.toFile()).getDocumentElement();
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new IllegalStateException(String.format("Cannot read %s: %s", path, e.getMessage()), e);
        }
    }

    private static String text(Element parent, String name) {
        return child(parent, name).map(element -> element.getTextContent().trim()).orElse(null);
    }

    private static Optional<Element> child(Element parent, String name) {
        return children(parent).stream().filter(element -> element.getTagName().equals(name)).findFirst();
    }

    private static List<Element> children(Element parent) {
        List<Element> elements = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element) {
                elements.add(element);
            }
        }
        return elements;
    }
}
