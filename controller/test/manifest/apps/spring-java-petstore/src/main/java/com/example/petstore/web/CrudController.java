package com.example.petstore.web;

import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.ResponseStatus;

/** Shared read and delete routes; subclasses give the prefix. */
public abstract class CrudController<T> {

    @GetMapping
    public List<T> findAll() {
        return List.of();
    }

    @GetMapping("/{id}")
    public T findOne(@PathVariable("id") long id) {
        return null;
    }

    @DeleteMapping("/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    public void remove(@PathVariable long id) {}
}
