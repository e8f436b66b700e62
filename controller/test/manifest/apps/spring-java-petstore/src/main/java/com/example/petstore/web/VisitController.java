package com.example.petstore.web;

import com.example.petstore.dto.VisitDto;
import jakarta.validation.Valid;
import java.util.List;
import org.springframework.data.domain.Pageable;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.*;

@RestController
@RequestMapping("${app.visits-path}")
public class VisitController {

    @GetMapping({"", "/all"})
    public List<VisitDto> list(@RequestParam(name = "petId", required = false) Long petId, Pageable pageable) {
        return List.of();
    }

    @PostMapping(path = "/{petId}")
    @ResponseStatus(HttpStatus.CREATED)
    public VisitDto book(@PathVariable Long petId, @Valid @RequestBody VisitDto visit) {
        return visit;
    }
}
