package com.example.petstore.api;

public final class ApiPaths {
    public static final String V1 = "/v1";
    public static final String PETS = V1 + "/pets";

    private ApiPaths() {}
}
